// The profile calls of the account centre (doc 1 §7, server API.md "Account profile", "Uploads").
// Screens call profileApi.x() at call time so tests stub them with jest.spyOn.
import { apiGet, apiPost, type ReviewStatus, type UserCenter } from '@app/shared';

/** GET /api/user/center with the server's additions. */
export interface UserCenterDetail extends UserCenter {
  review_status: ReviewStatus;
  review_reason?: string | null;
  fund_password_set?: boolean;
}

/** sfz ID card, hz passport, jsz driving licence (doc 1 §3). */
export type CardType = 'sfz' | 'hz' | 'jsz';

export interface RealNameSubmission {
  name: string;
  card_id: string;
  card_type: CardType;
  countryname: string;
  adress: string;
  front_pic: string;
  reverse_pic: string;
  hand_pic: string;
}

export interface PayoutProfile {
  bank_id: string;
  bank_name: string;
  bank_branch: string;
  bank_account: string;
  real_name: string;
  alipay_account: string;
  wechat_nickname: string;
  wechat_account: string;
  alipay_qr_code: string;
  wechat_qr_code: string;
  account_number: string;
}

export interface Invitee {
  account: string;
  create_date: string;
}

export const profileApi = {
  center: (signal?: AbortSignal) => apiGet<UserCenterDetail>('/api/user/center', { signal }),
  realName: (body: RealNameSubmission) => apiPost<unknown>('/api/user/real_name', { ...body }),
  cashInfo: (signal?: AbortSignal) =>
    apiPost<Partial<PayoutProfile>>('/api/user/cash_info', undefined, { signal }),
  cashSave: (body: Partial<PayoutProfile>) => apiPost<Partial<PayoutProfile>>('/api/user/cash_save', body),
  extension: (signal?: AbortSignal) => apiGet<Invitee[]>('/api/user/extension', { signal }),
  fundPassword: (body: { password: string; old_password?: string }) =>
    apiPost<unknown>('/api/user/fund_password', body),
  changePassword: (body: { old_password: string; password: string; re_password: string }) =>
    apiPost<unknown>('/api/user/password', body),
  uploadUrl: (id: string) =>
    apiGet<{ url: string; expires_at: string }>('/api/upload/url', { query: { id } }),
};
