import crypto from 'node:crypto';
import type { Db } from '../core/db';
import { ensureWalletsSync as ensureWallets } from '../wallet/ledger-sync';
import { areaCodeOfCountry } from '../support/countries';
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

const USER_COLUMNS =
  'id, account_number, email, phone, area_code, password_hash, extension_code, inviter_id, is_seller, review_status, created_at';

// Phone and calling-code rules are the contract's (@app/contract `accounts`).
export const { PHONE_PATTERN, COUNTRY_CODE_PATTERN, phoneDigits, countryCodeDigits } = accounts;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The account number (and code destination) of a phone: `+<country code><number>`. */
export function phoneAccountNumber(areaCode: string, phone: string): string {
  return `+${areaCode}${phone}`;
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`).get(id) as UserRow | undefined;
}

export function findUserByInviteCode(db: Db, code: string): UserRow | undefined {
  return db
    .prepare(`SELECT ${USER_COLUMNS} FROM users WHERE extension_code = ?`)
    .get(code.trim().toUpperCase()) as UserRow | undefined;
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
export function findUserByAccount(db: Db, userString: string, hint: AccountHint = {}): UserRow | undefined {
  const value = userString.trim();
  if (value === '') return undefined;
  if (value.includes('@')) {
    return db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE email = ?`).get(normalizeEmail(value)) as
      UserRow | undefined;
  }
  const byAccountNumber = (accountNumber: string) =>
    db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE account_number = ?`).get(accountNumber) as
      UserRow | undefined;
  const digits = phoneDigits(value);
  if (digits.startsWith('+')) return byAccountNumber(`+${digits.slice(1)}`);
  if (!/^\d+$/.test(digits)) return byAccountNumber(value);

  let areaCode = hint.countryCode ? countryCodeDigits(hint.countryCode) : undefined;
  if (!areaCode && hint.countryId !== undefined) areaCode = areaCodeOfCountry(db, hint.countryId);
  if (areaCode) {
    const found = byAccountNumber(phoneAccountNumber(areaCode, digits));
    if (found) return found;
  }
  const full = byAccountNumber(`+${digits}`);
  if (full) return full;
  const national = db
    .prepare(`SELECT ${USER_COLUMNS} FROM users WHERE phone = ? LIMIT 2`)
    .all(digits) as UserRow[];
  return national.length === 1 ? national[0] : undefined;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new unique invitation code: 6 upper-case letters and digits (longer if 6 keeps colliding). */
export function generateInviteCode(db: Db): string {
  const exists = db.prepare('SELECT 1 FROM users WHERE extension_code = ?');
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const length = attempt < 10 ? 6 : attempt < 20 ? 7 : 8;
    let code = '';
    for (let i = 0; i < length; i += 1) code += INVITE_ALPHABET[crypto.randomInt(INVITE_ALPHABET.length)];
    if (!exists.get(code)) return code;
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
export function insertUser(db: Db, user: NewUser, now: number): number {
  const accountNumber = user.email
    ? normalizeEmail(user.email)
    : phoneAccountNumber(user.areaCode ?? '1', user.phone ?? '');
  const info = db
    .prepare(
      `INSERT INTO users (account_number, email, phone, area_code, password_hash, extension_code, inviter_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      accountNumber,
      user.email ? normalizeEmail(user.email) : null,
      user.email ? null : (user.phone ?? null),
      user.email ? null : (user.areaCode ?? null),
      user.passwordHash,
      user.extensionCode ?? generateInviteCode(db),
      user.inviterId ?? null,
      now,
      now,
    );
  const id = Number(info.lastInsertRowid);
  ensureWallets(db, id, now);
  return id;
}

export function accountExists(db: Db, accountNumber: string): boolean {
  return db.prepare('SELECT 1 FROM users WHERE account_number = ?').get(accountNumber) !== undefined;
}

export function setPassword(db: Db, userId: number, passwordHash: string, now: number): void {
  db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(
    passwordHash,
    now,
    userId,
  );
}
