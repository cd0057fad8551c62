// Entity types from the spec (doc 1 §3, doc 2 §3). Decimal values are strings on the wire.

export interface UserInfo {
  id: number;
  account_number: string;
  extension_code: string;
  is_seller: boolean;
  email?: string | null;
  phone?: string | null;
  area_code?: string | null;
  created_at?: string;
}

/** review_status: -1 unknown, 0 not submitted, 1 under review, 2 approved (doc 1 §3). */
export type ReviewStatus = -1 | 0 | 1 | 2;

export interface UserCenter {
  id: number;
  account_number: string;
  review_status: ReviewStatus;
  is_seller: boolean;
  kefu_url: { mobile: string };
}

export interface NewsItem {
  id: number;
  sorts: number;
  thumbnail: string;
  title: string;
  content: string;
  create_time: string;
}

/** News categories: 5 banners, 4 announcements, 21/19/3 help (doc 1 §3, doc 2 §2). */
export const NewsCategory = { banner: 5, notice: 4, help: [21, 19, 3] } as const;

export interface Country {
  country_id: number;
  area_code: string;
  name_cn: string;
  name_en: string;
}

/** The support and app-download links (`/api/cfg/kefu`). */
export interface SupportConfig {
  appdown: { android: string; ios?: string };
  mobile: string;
}

export type RegisterType = 'email' | 'mobile';
export type CodePurpose = 'register' | 'forget';
