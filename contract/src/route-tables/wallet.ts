import { z } from 'zod';
import * as wallet from '../wallet';
import { text, user, type RouteKey, type RouteSpec } from '../route-kit';

/** The wallets, transfers, deposits and withdrawals. One part of ROUTES (../routes.ts), loaded alone by the client (../client.ts). */
export const routes = {
  'POST /api/wallet/list': user('The four wallets', { answer: wallet.walletListAnswer }),
  'POST /api/wallet/transfer': user('Move funds between two wallets', {
    request: wallet.transferBody,
    answer: wallet.transferAnswer,
    addition: true,
  }),
  'POST /api/wallet/legal_log': user('Fund log of one wallet and currency', {
    request: wallet.legalLogBody,
    answer: wallet.fundLogAnswer,
  }),
  'GET /api/wallet/deposit_address': user('The deposit address of a coin (demo)', {
    request: wallet.currencyQuery,
    answer: wallet.depositAddressAnswer,
    addition: true,
  }),
  'GET /api/charge_mention/log': user('Deposits and withdrawals', {
    request: wallet.limitQuery,
    answer: wallet.chargeMentionAnswer,
  }),
  'POST /api/wallet/address/add': user('Add a withdrawal address', {
    request: wallet.addressBody,
    answer: wallet.addressView,
    addition: true,
  }),
  'GET /api/wallet/address/list': user('Withdrawal addresses', {
    request: wallet.optionalCurrencyQuery,
    answer: z.array(wallet.addressView),
    addition: true,
  }),
  'POST /api/wallet/address/delete': user('Delete a withdrawal address', {
    request: wallet.walletIdBody,
    answer: text('deleted'),
    addition: true,
  }),
  'GET /api/wallet/withdraw_info': user('Withdrawal limits, fee and balance of a coin', {
    request: wallet.currencyQuery,
    answer: wallet.withdrawInfoAnswer,
    addition: true,
  }),
  'POST /api/wallet/withdraw': user('Apply for a withdrawal', {
    request: wallet.withdrawBody,
    answer: wallet.withdrawalView,
    addition: true,
  }),
  'GET /api/wallet/withdrawals': user('The caller’s withdrawals', {
    request: wallet.limitQuery,
    answer: z.array(wallet.withdrawalView),
    addition: true,
  }),
} as const satisfies Record<RouteKey, RouteSpec>;
