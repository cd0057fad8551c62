// Pure rules of the authentication screens (doc 1 §5, §9; doc 2 §5, §9). No React, no I/O.
import { ApiError, type Country, type Locale } from '@app/shared';

/** The two ways of identifying an account: mode 1 e-mail, mode 2 phone with an area code. */
export type AuthMode = 'email' | 'phone';

/** Code resend wait (doc 1 §9, doc 2 §9). */
export const CODE_RESEND_SECONDS = 60;
/** Login password minimum (doc 1 §9). */
export const LOGIN_PASSWORD_MIN = 6;
/** New passwords: 6 to 16 characters (doc 2 §9). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
/** Forgot password: back to /login this long after success (doc 2 §4). */
export const FORGET_REDIRECT_MS = 2000;
/** Default country calling code (doc 1 §9, doc 2 §9). */
export const DEFAULT_AREA_CODE = '1';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE_PATTERN = /^\d{5,15}$/;
/** 6 to 16 printable ASCII characters with at least one letter and one digit (same rule as the server). */
const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{6,16}$/;

export function isEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= 254 && EMAIL_PATTERN.test(v);
}

/** A phone number without its area code: digits only (spaces, dashes, dots, brackets ignored). */
export function phoneDigits(value: string): string {
  return value.trim().replace(/[\s\-().]/g, '');
}

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(phoneDigits(value));
}

/** The account is well formed for its mode (e-mail address or phone number). */
export function isAccountValid(mode: AuthMode, account: string): boolean {
  return mode === 'email' ? isEmail(account) : isPhone(account);
}

/** Login only asks for a password of at least 6 characters (doc 1 §5). */
export function loginPasswordOk(password: string): boolean {
  return password.length >= LOGIN_PASSWORD_MIN;
}

/** "Password 6 to 16 characters, letters and digits" (doc 2 §5 catalogue rule). */
export function passwordRuleOk(password: string): boolean {
  return PASSWORD_RULE.test(password);
}

export function passwordsMatch(password: string, repeat: string): boolean {
  return password === repeat;
}

export type LoginProblem = 'enter_account' | 'password_short';
export interface LoginProblems {
  account?: LoginProblem;
  password?: LoginProblem;
}

/** Login checks: account not empty, password at least 6 characters (doc 1 §5). */
export function validateLogin(account: string, password: string): LoginProblems {
  const problems: LoginProblems = {};
  if (account.trim() === '') problems.account = 'enter_account';
  if (!loginPasswordOk(password)) problems.password = 'password_short';
  return problems;
}

export type NewPasswordProblem = 'password_rule' | 'passwords_differ';
export interface NewPasswordProblems {
  password?: NewPasswordProblem;
  repeat?: NewPasswordProblem;
}

/** A new password and its repeat: the rule first, then the match. */
export function validateNewPassword(password: string, repeat: string): NewPasswordProblems {
  if (!passwordRuleOk(password)) return { password: 'password_rule' };
  if (!passwordsMatch(password, repeat)) return { repeat: 'passwords_differ' };
  return {};
}

export function hasProblems(problems: object): boolean {
  return Object.values(problems).some(Boolean);
}

/** The server's wait after a 429 `code.resend_wait`, in whole seconds. */
export function resendWaitSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'code.resend_wait') return null;
  if (error.wait === undefined || !Number.isFinite(error.wait) || error.wait <= 0) return null;
  return Math.ceil(error.wait);
}

/** Country names in Chinese for zh and hk, in English otherwise. */
export function countryName(country: Country, locale: Locale | string): string {
  return locale === 'zh' || locale === 'hk' ? country.name_cn : country.name_en;
}

/** "United States +1". */
export function countryLabel(country: Country, locale: Locale | string): string {
  return `${countryName(country, locale)} +${country.area_code}`;
}

/** The default selection: the first +1 country, else the first of the list. */
export function defaultCountry(countries: readonly Country[]): Country | null {
  return countries.find((c) => c.area_code === DEFAULT_AREA_CODE) ?? countries[0] ?? null;
}

/** The account as sent to the server: trimmed; phone numbers without separators. */
export function normalizeAccount(mode: AuthMode, account: string): string {
  return mode === 'email' ? account.trim() : phoneDigits(account);
}

/** What registration hands the login page (router state): the account just registered. */
export interface LoginPrefill {
  mode: AuthMode;
  account: string;
}
