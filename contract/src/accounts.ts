import { z } from 'zod';
import { optionalId, optionalText, text } from './fields';

/** A phone number's digits (5 to 15) and a calling code without its plus sign. */
export const PHONE_PATTERN = /^\d{5,15}$/;
export const COUNTRY_CODE_PATTERN = /^[1-9]\d{0,3}$/;

export function phoneDigits(value: string): string {
  return value.trim().replace(/[\s\-().]/g, '');
}

export function countryCodeDigits(value: string): string {
  return value.trim().replace(/^\+/, '');
}

const account = () =>
  text(z.string({ error: 'account.required' }).trim().min(1, { error: 'account.required' }).max(254));

export const email = () =>
  text(
    z
      .string({ error: 'email.invalid' })
      .trim()
      .max(254, { error: 'email.invalid' })
      .pipe(z.email({ error: 'email.invalid' })),
  );

export const phone = () =>
  text(
    z
      .string({ error: 'phone.invalid' })
      .transform(phoneDigits)
      .pipe(z.string().regex(PHONE_PATTERN, { error: 'phone.invalid' })),
  );

const countryCode = () =>
  optionalText(
    z
      .string()
      .transform(countryCodeDigits)
      .pipe(z.string().regex(COUNTRY_CODE_PATTERN, { error: 'country_code.invalid' })),
  );

const code = () =>
  text(
    z
      .string({ error: 'code.required' })
      .trim()
      .min(1, { error: 'code.required' })
      .max(16, { error: 'code.invalid' }),
  );

const password = () =>
  text(
    z
      .string({ error: 'password.required' })
      .min(1, { error: 'password.required' })
      .max(128, { error: 'password.rule' }),
  );

const lang = () => optionalText(z.string().max(10));
const purposeType = () => optionalText(z.string().max(20));

export const loginBody = z.object({
  user_string: account(),
  password: password(),
  type: z.unknown().optional(),
  area_code_id: optionalId(),
  country_code: countryCode(),
});

export const smsMailBody = z.object({ user_string: email(), lang: lang(), type: purposeType() });
export const smsSendBody = z.object({
  user_string: phone(),
  country_code: countryCode(),
  lang: lang(),
  type: purposeType(),
});

export const registerBody = z.object({
  type: z.enum(['email', 'mobile'], { error: 'validation.failed' }),
  country_code: countryCode(),
  user_string: account(),
  code: code(),
  password: password(),
  re_password: optionalText(z.string().max(128)),
  extension_code: optionalText(z.string().trim().max(16)),
});

export const checkEmailBody = z.object({ user_string: email(), email_code: code() });
export const checkMobileBody = z.object({
  user_string: account(),
  country_code: countryCode(),
  mobile_code: code(),
});

export const forgetBody = z.object({
  country_code: countryCode(),
  account: account(),
  password: password(),
  repassword: optionalText(z.string().max(128)),
  code: code(),
});

// ------------------------------------------------------------------ profile

export const PAYOUT_FIELDS = [
  'bank_id',
  'bank_name',
  'bank_branch',
  'bank_account',
  'real_name',
  'alipay_account',
  'wechat_nickname',
  'wechat_account',
  'alipay_qr_code',
  'wechat_qr_code',
  'account_number',
] as const;

export const fundPasswordBody = z.object({
  password: text(z.string({ error: 'fund_password.rule' }).max(32, { error: 'fund_password.rule' })),
  old_password: optionalText(z.string().max(32)),
});

export const passwordBody = z.object({
  old_password: text(
    z.string({ error: 'password.required' }).min(1, { error: 'password.required' }).max(128),
  ),
  password: text(z.string({ error: 'password.rule' }).max(128, { error: 'password.rule' })),
  re_password: optionalText(z.string().max(128)),
});

const short = (max: number) => optionalText(z.string().trim().max(max));

export const realNameBody = z.object({
  name: short(64),
  card_id: short(40),
  card_type: short(8),
  countryname: short(64),
  adress: short(200),
  front_pic: short(64),
  reverse_pic: short(64),
  hand_pic: short(64),
});

export const cashBody = z.object(
  Object.fromEntries(PAYOUT_FIELDS.map((f) => [f, short(128)])) as Record<
    (typeof PAYOUT_FIELDS)[number],
    ReturnType<typeof short>
  >,
);

// ------------------------------------------------------------------ answers

/** Login: the session token (43 characters, base64url). */
export const loginAnswer = z.string();

/** Identity verification (doc 1 §3): -1 unknown, 0 not submitted, 1 under review, 2 approved. */
export const reviewStatus = z.literal([-1, 0, 1, 2]);
export type ReviewStatus = z.infer<typeof reviewStatus>;

export const userInfoAnswer = z.object({
  id: z.number().int(),
  account_number: z.string(),
  extension_code: z.string(),
  is_seller: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  area_code: z.string().nullable(),
  review_status: reviewStatus,
  created_at: z.string(),
});
export type UserInfoAnswer = z.infer<typeof userInfoAnswer>;

export const userCenterAnswer = z.object({
  review_status: reviewStatus,
  review_reason: z.string().nullable(),
  fund_password_set: z.boolean(),
  is_seller: z.boolean(),
  kefu_url: z.object({ mobile: z.string() }),
  account_number: z.string(),
  id: z.number().int(),
});
export type UserCenterAnswer = z.infer<typeof userCenterAnswer>;

/** Answers that are one fixed word of English. */
export const doneText = <T extends string>(...values: [T, ...T[]]) => z.enum(values);

/** The payout profile, or `{}` when none was saved. */
export const payoutProfile = z.object(
  Object.fromEntries(PAYOUT_FIELDS.map((f) => [f, z.string()])) as Record<
    (typeof PAYOUT_FIELDS)[number],
    z.ZodString
  >,
);
export const payoutProfileAnswer = z.union([payoutProfile, z.object({}).strict()]);

export const invitedUsersAnswer = z.array(z.object({ account: z.string(), create_date: z.string() }));
