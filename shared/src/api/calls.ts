// Typed calls of the account core (doc 1 §7, doc 2 §7). Paths and fields exactly as the spec.
import { apiGet, apiPost } from './client';
import type {
  CodePurpose,
  Country,
  SupportConfig,
  NewsItem,
  RegisterType,
  UserCenter,
  UserInfo,
} from '../types/entities';
import type { Locale } from '../i18n/i18n';

export const accountApi = {
  login: (body: { user_string: string; password: string; area_code_id?: number }) =>
    apiPost<string>('/api/user/login', { ...body, type: 1 }, { auth: false }),
  logout: () => apiPost<unknown>('/api/user/logout'),
  info: (signal?: AbortSignal) => apiGet<UserInfo>('/api/user/info', { signal }),
  center: () => apiGet<UserCenter>('/api/user/center'),
  sendEmailCode: (body: { user_string: string; lang: Locale; type?: CodePurpose }) =>
    apiPost<unknown>('/api/sms_mail', body, { auth: false }),
  sendPhoneCode: (body: { user_string: string; lang: Locale; country_code: string; type?: CodePurpose }) =>
    apiPost<unknown>('/api/sms_send', body, { auth: false }),
  register: (body: {
    type: RegisterType;
    country_code: string;
    user_string: string;
    code: string;
    password: string;
    re_password: string;
    extension_code?: string;
  }) => apiPost<unknown>('/api/user/register', body, { auth: false }),
  checkEmail: (body: { user_string: string; email_code: string }) =>
    apiPost<unknown>('/api/user/check_email', body, { auth: false }),
  checkMobile: (body: { user_string: string; country_code: string; mobile_code: string }) =>
    apiPost<unknown>('/api/user/check_mobile', body, { auth: false }),
  forget: (body: {
    country_code: string;
    account: string;
    password: string;
    repassword: string;
    code: string;
  }) => apiPost<unknown>('/api/user/forget', body, { auth: false }),
};

export const supportApi = {
  supportConfig: () => apiGet<SupportConfig>('/api/cfg/kefu', { auth: false }),
  serviceUrlTemplate: (terminal: 'mobile' | 'recharge', signal?: AbortSignal) =>
    apiGet<string>('/api/custorm', { query: { terminal }, signal }),
  countries: (signal?: AbortSignal) => apiGet<Country[]>('/api/country/list', { auth: false, signal }),
  newsList: (body: { c_id: number; lang: Locale; limit?: number }, signal?: AbortSignal) =>
    apiPost<{ list: NewsItem[] }>('/api/news/list', { limit: 100, ...body }, { auth: false, signal }),
  newsDetail: (body: { id: number; lang?: Locale }, signal?: AbortSignal) =>
    apiPost<NewsItem>('/api/news/detail', body, { auth: false, signal }),
};
