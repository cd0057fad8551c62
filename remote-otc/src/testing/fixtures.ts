// Test-only helpers of this remote (never imported by pages).
import { getDefaultStore } from 'jotai';
import { clearSession, toastQueueAtom } from '@app/shared';
import { restoreNetwork } from '@app/shared/testing';
import type { AnswerOf } from '@app/contract';
import type { FiatOrder } from '../features/fiat/api/fiatApi';

export const FIAT_INFO: AnswerOf<'GET /api/legalInfo'> = {
  currency: 3,
  currency_name: 'USDT',
  timeout_minutes: 30,
  rate: '7.20',
  count: 3,
  min: '100',
  max: '50000',
  alipay: 'teal@otc.example',
  alipayCode: '/api/legal/code/1/alipay.png',
  wechat: '',
  wechatCode: '',
  bankNo: '6222 0200 1234 5678',
  bankName: 'Demo Bank',
  bankAddress: 'Main branch',
  unfinished: 0,
  cancels_today: 0,
  restricted_until: null,
};

export const FIAT_ORDER: AnswerOf<'GET /api/legal_buy/detail'> & FiatOrder = {
  id: 7,
  status: 0,
  status_text: 'Awaiting payment',
  confirm_time: null,
  cancel_time: null,
  cancel_reason: null,
  pay_way: 'bank',
  amount: '1000',
  usdt_amount: '138.88888888',
  rate: '7.20',
  created_at: '2026-01-01T00:00:00.000Z',
  expire_at: '2026-01-01T00:30:00.000Z',
  pay_time: null,
  pic: '',
  merchant_name: 'Teal OTC',
  alipay: '',
  alipayCode: '',
  wechat: '',
  wechatCode: '',
  bankNo: '6222 0200 1234 5678',
  bankName: 'Demo Bank',
  bankAddress: 'Main branch',
  now: '2026-01-01T00:00:00.000Z',
};

// Each test answers the network with `stubNetwork` (@app/shared/testing); put back after it.
afterEach(restoreNetwork);

/** A clean slate: no session, no toasts, no spies. */
export function resetAppState(): void {
  jest.restoreAllMocks();
  window.localStorage.clear();
  clearSession();
  getDefaultStore().set(toastQueueAtom, []);
}
