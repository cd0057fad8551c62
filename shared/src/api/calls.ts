// Calls of the account core (doc 1 §7, doc 2 §7), typed from the contract: paths, fields and
// answers exactly as `@app/contract` declares them.
import { call } from './client';
import type { CodePurpose, RegisterType } from '../types/entities';
import type { Locale } from '../i18n/i18n';

export const accountApi = {
  login: (body: { user_string: string; password: string; area_code_id?: number }) =>
    call('POST /api/user/login', { ...body, type: 1 }, { auth: false }),
  logout: () => call('POST /api/user/logout'),
  info: (signal?: AbortSignal) => call('GET /api/user/info', undefined, { signal }),
  center: () => call('GET /api/user/center'),
  sendEmailCode: (body: { user_string: string; lang: Locale; type?: CodePurpose }) =>
    call('POST /api/sms_mail', body, { auth: false }),
  sendPhoneCode: (body: { user_string: string; lang: Locale; country_code: string; type?: CodePurpose }) =>
    call('POST /api/sms_send', body, { auth: false }),
  register: (body: {
    type: RegisterType;
    country_code: string;
    user_string: string;
    code: string;
    password: string;
    re_password: string;
    extension_code?: string;
  }) => call('POST /api/user/register', body, { auth: false }),
  checkEmail: (body: { user_string: string; email_code: string }) =>
    call('POST /api/user/check_email', body, { auth: false }),
  checkMobile: (body: { user_string: string; country_code: string; mobile_code: string }) =>
    call('POST /api/user/check_mobile', body, { auth: false }),
  forget: (body: {
    country_code: string;
    account: string;
    password: string;
    repassword: string;
    code: string;
  }) => call('POST /api/user/forget', body, { auth: false }),
};

export const supportApi = {
  supportConfig: () => call('GET /api/cfg/kefu', undefined, { auth: false }),
  serviceUrlTemplate: (terminal: 'mobile' | 'recharge', signal?: AbortSignal) =>
    call('GET /api/custorm', { terminal }, { signal }),
  countries: (signal?: AbortSignal) => call('GET /api/country/list', undefined, { auth: false, signal }),
  newsList: (body: { c_id: number; lang: Locale; limit?: number }, signal?: AbortSignal) =>
    call('POST /api/news/list', { limit: 100, ...body }, { auth: false, signal }),
  newsDetail: (body: { id: number; lang?: Locale }, signal?: AbortSignal) =>
    call('POST /api/news/detail', body, { auth: false, signal }),
};
