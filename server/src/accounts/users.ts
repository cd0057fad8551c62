import crypto from 'node:crypto';
import type { Q } from '../db';
import { ensureWallets } from '../kernel';
import { areaCodeOfCountry } from '../support';
import { accounts } from '@app/contract';

export interface UserRow {
  id: number;
  account_number: string;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  password_hash: string;
  extension_code: string;
  inviter_id: number | null;
  is_seller: number;
  review_status: number;
  created_at: number;
}

const USER_FIELDS = [
  'id',
  'account_number',
  'email',
  'phone',
  'area_code',
  'password_hash',
  'extension_code',
  'inviter_id',
  'is_seller',
  'review_status',
  'created_at',
] as const;

// Phone and calling-code rules are the contract's (@app/contract `accounts`).
export const { PHONE_PATTERN, COUNTRY_CODE_PATTERN, phoneDigits, countryCodeDigits } = accounts;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The account number (and code destination) of a phone: `+<country code><number>`. */
export function phoneAccountNumber(areaCode: string, phone: string): string {
  return `+${areaCode}${phone}`;
}

const selectUsers = (q: Q) => q.selectFrom('users').select(USER_FIELDS);

export function findUserById(q: Q, id: number): Promise<UserRow | undefined> {
  return selectUsers(q).where('id', '=', id).executeTakeFirst();
}

export function findUserByInviteCode(q: Q, code: string): Promise<UserRow | undefined> {
  return selectUsers(q).where('extension_code', '=', code.trim().toUpperCase()).executeTakeFirst();
}

export interface AccountHint {
  /** Calling code digits, when the client sent one (`country_code`). */
  countryCode?: string | undefined;
  /** A `country_id` from /api/country/list (login's `area_code_id`). */
  countryId?: number | undefined;
}

/**
 * Finds the account a user typed: an email, a full `+<cc><number>`, or a national number with
 * its country (code or id). Without a country, a national number matches when it is unique.
 */
export async function findUserByAccount(
  q: Q,
  userString: string,
  hint: AccountHint = {},
): Promise<UserRow | undefined> {
  const value = userString.trim();
  if (value === '') return undefined;
  if (value.includes('@'))
    return selectUsers(q).where('email', '=', normalizeEmail(value)).executeTakeFirst();
  const byAccountNumber = (accountNumber: string) =>
    selectUsers(q).where('account_number', '=', accountNumber).executeTakeFirst();
  const digits = phoneDigits(value);
  if (digits.startsWith('+')) return byAccountNumber(`+${digits.slice(1)}`);
  if (!/^\d+$/.test(digits)) return byAccountNumber(value);

  let areaCode = hint.countryCode ? countryCodeDigits(hint.countryCode) : undefined;
  if (!areaCode && hint.countryId !== undefined) areaCode = await areaCodeOfCountry(q, hint.countryId);
  if (areaCode) {
    const found = await byAccountNumber(phoneAccountNumber(areaCode, digits));
    if (found) return found;
  }
  const full = await byAccountNumber(`+${digits}`);
  if (full) return full;
  const national = await selectUsers(q).where('phone', '=', digits).limit(2).execute();
  return national.length === 1 ? national[0] : undefined;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new unique invitation code: 6 upper-case letters and digits (longer if 6 keeps colliding). */
export async function generateInviteCode(q: Q): Promise<string> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const length = attempt < 10 ? 6 : attempt < 20 ? 7 : 8;
    let code = '';
    for (let i = 0; i < length; i += 1) code += INVITE_ALPHABET[crypto.randomInt(INVITE_ALPHABET.length)];
    const taken = await q
      .selectFrom('users')
      .select('id')
      .where('extension_code', '=', code)
      .executeTakeFirst();
    if (!taken) return code;
  }
  throw new Error('Could not generate a unique invitation code');
}

export interface NewUser {
  email?: string | undefined;
  phone?: string | undefined;
  areaCode?: string | undefined;
  passwordHash: string;
  inviterId?: number | null | undefined;
  extensionCode?: string | undefined;
}

/** Inserts a user and their zero wallet rows. Call inside a transaction. */
export async function insertUser(q: Q, user: NewUser, now: number): Promise<number> {
  const accountNumber = user.email
    ? normalizeEmail(user.email)
    : phoneAccountNumber(user.areaCode ?? '1', user.phone ?? '');
  const { id } = await q
    .insertInto('users')
    .values({
      account_number: accountNumber,
      email: user.email ? normalizeEmail(user.email) : null,
      phone: user.email ? null : (user.phone ?? null),
      area_code: user.email ? null : (user.areaCode ?? null),
      password_hash: user.passwordHash,
      extension_code: user.extensionCode ?? (await generateInviteCode(q)),
      inviter_id: user.inviterId ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ensureWallets(q, id, now);
  return id;
}

export async function accountExists(q: Q, accountNumber: string): Promise<boolean> {
  const row = await q
    .selectFrom('users')
    .select('id')
    .where('account_number', '=', accountNumber)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setPassword(q: Q, userId: number, passwordHash: string, now: number): Promise<void> {
  await q
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', userId)
    .execute();
}
