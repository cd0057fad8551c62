// Wire entities of the account core, as the contract declares them (no wire type is written by
// hand on the client). Values the client adds (categories, literal unions) stay here.
import type { AnswerOf } from '@app/contract';

export type UserInfo = AnswerOf<'GET /api/user/info'>;
export type UserCenter = AnswerOf<'GET /api/user/center'>;
export type NewsItem = AnswerOf<'POST /api/news/detail'>;
export type Country = AnswerOf<'GET /api/country/list'>[number];
/** The support and app-download links (`/api/cfg/kefu`). */
export type SupportConfig = AnswerOf<'GET /api/cfg/kefu'>;

/** review_status: -1 unknown, 0 not submitted, 1 under review, 2 approved (doc 1 §3; the contract's literals). */
export type ReviewStatus = UserCenter['review_status'];

/** News categories: 5 banners, 4 announcements, 21/19/3 help (doc 1 §3, doc 2 §2). */
export const NewsCategory = { banner: 5, notice: 4, help: [21, 19, 3] } as const;

export type RegisterType = 'email' | 'mobile';
export type CodePurpose = 'register' | 'forget';
