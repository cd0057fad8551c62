// The profile calls of the account centre (doc 1 §7, server API.md "Account profile", "Uploads"),
// typed by the contract.
import { call } from '@app/shared';
import type { AnswerOf, RequestOf, accounts } from '@app/contract';

/** GET /api/user/center. */
export type UserCenterDetail = AnswerOf<'GET /api/user/center'>;

/** sfz ID card, hz passport, jsz driving licence (doc 1 §3). */
export type CardType = 'sfz' | 'hz' | 'jsz';

/** POST /api/user/real_name: the contract's request as the form fills it (every field, the card type one of the three it offers). */
export type RealNameSubmission = Required<RequestOf<'POST /api/user/real_name'>> & { card_type: CardType };

/** The payout profile (the contract's PAYOUT_FIELDS, every one text). */
export type PayoutProfile = Record<(typeof accounts.PAYOUT_FIELDS)[number], string>;

/** A user invited by the caller. */
export type Invitee = AnswerOf<'GET /api/user/extension'>[number];

export const profileApi = {
  center: (signal?: AbortSignal) => call('GET /api/user/center', undefined, { signal }),
  realName: (body: RealNameSubmission) => call('POST /api/user/real_name', { ...body }),
  cashInfo: (signal?: AbortSignal): Promise<Partial<PayoutProfile>> =>
    call('POST /api/user/cash_info', undefined, { signal }),
  cashSave: (body: Partial<PayoutProfile>) => call('POST /api/user/cash_save', body),
  extension: (signal?: AbortSignal) => call('GET /api/user/extension', undefined, { signal }),
  fundPassword: (body: { password: string; old_password?: string }) =>
    call('POST /api/user/fund_password', body),
  changePassword: (body: { old_password: string; password: string; re_password: string }) =>
    call('POST /api/user/password', body),
  uploadUrl: (id: string) => call('GET /api/upload/url', { id }),
};
