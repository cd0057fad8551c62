import type { FiatInfo } from '../api/fiatApi';
import {
  ORDER_TIMEOUT_MS,
  canAct,
  formatCountdown,
  orderStep,
  remainingMs,
  supportsPayWay,
  usdtFor,
  validateBuy,
} from './fiat';

const INFO: FiatInfo = {
  currency: 3,
  currency_name: 'USDT',
  rate: '7.2',
  count: 3,
  min: '100',
  max: '50000',
  alipay: 'pay@merchant.example',
  alipayCode: '',
  wechat: '',
  wechatCode: '',
  bankNo: '6222 0000 1111',
  bankName: 'Demo Bank',
  bankAddress: 'Main branch',
  timeout_minutes: 30,
  unfinished: 0,
  cancels_today: 0,
  restricted_until: null,
};

describe('fiat rules', () => {
  it('checks the amount against min and max', () => {
    expect(validateBuy('', INFO, 'bank')).toBe('amount');
    expect(validateBuy('abc', INFO, 'bank')).toBe('amount');
    expect(validateBuy('99.99', INFO, 'bank')).toBe('amount');
    expect(validateBuy('50000.01', INFO, 'bank')).toBe('amount');
    expect(validateBuy('100', INFO, 'bank')).toBeNull();
    expect(validateBuy('50000', INFO, 'alipay')).toBeNull();
  });

  it('refuses a pay way the merchant did not configure', () => {
    expect(validateBuy('1000', INFO, 'wechat')).toBe('wechat');
    expect(validateBuy('1000', { ...INFO, bankNo: ' ' }, 'bank')).toBe('bank');
    expect(validateBuy('1000', { ...INFO, alipay: '' }, 'alipay')).toBe('alipay');
    expect(supportsPayWay({ ...INFO, wechatCode: 'https://x/qr.png' }, 'wechat')).toBe(true);
  });

  it('computes the USDT amount exactly and truncates it', () => {
    expect(usdtFor('1000', '7.2')).toBe('138.88');
    expect(usdtFor('0.1', '3')).toBe('0.03');
    expect(usdtFor('1000', '0')).toBe('0.00');
  });

  it('derives step and actions from the status', () => {
    expect(orderStep(0)).toBe(1);
    expect(orderStep(1)).toBe(2);
    expect(orderStep(2)).toBe(3);
    expect(canAct(0)).toBe(true);
    expect(canAct(1)).toBe(false);
    expect(canAct(-1)).toBe(false);
  });

  it('counts 30 minutes down from creation', () => {
    const created = '2026-01-01T00:00:00.000Z';
    const t0 = Date.parse(created);
    expect(remainingMs(created, t0)).toBe(ORDER_TIMEOUT_MS);
    expect(formatCountdown(remainingMs(created, t0))).toBe('30:00');
    expect(formatCountdown(remainingMs(created, t0 + 100))).toBe('30:00');
    expect(formatCountdown(remainingMs(created, t0 + 1000))).toBe('29:59');
    expect(formatCountdown(remainingMs(created, t0 + ORDER_TIMEOUT_MS - 900))).toBe('00:01');
    expect(remainingMs(created, t0 + ORDER_TIMEOUT_MS)).toBe(0);
    expect(formatCountdown(remainingMs(created, t0 + ORDER_TIMEOUT_MS + 5000))).toBe('00:00');
  });
});
