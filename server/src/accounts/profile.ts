import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { badRequest, conflict, notFound } from '../core/errors';
import { requireOwnUpload } from '../uploads/service';
import { findUserByAccount } from './users';
import { accounts } from '@app/contract';

// ---------------------------------------------------------------- KYC

export const CARD_TYPES = ['sfz', 'hz', 'jsz'] as const;

export interface RealNameInput {
  name?: string | undefined;
  card_id?: string | undefined;
  card_type?: string | undefined;
  countryname?: string | undefined;
  adress?: string | undefined;
  front_pic?: string | undefined;
  reverse_pic?: string | undefined;
  hand_pic?: string | undefined;
}

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Submits identity documents: review_status 0 (or rejected) → 1 (under review). */
export function submitRealName(ctx: AppContext, userId: number, input: RealNameInput): void {
  const required = [
    'name',
    'card_id',
    'card_type',
    'countryname',
    'adress',
    'front_pic',
    'reverse_pic',
    'hand_pic',
  ] as const;
  for (const key of required) {
    if (!input[key]) throw badRequest('kyc.incomplete', { field: key });
  }
  const name = input.name ?? '';
  const cardId = (input.card_id ?? '').toUpperCase();
  const cardType = input.card_type ?? '';
  if (/\d/.test(name)) throw badRequest('kyc.name_invalid', { field: 'name' });
  if (CHINESE.test(cardId)) throw badRequest('kyc.card_id_invalid', { field: 'card_id' });
  if (!/^[\x21-\x7e]{4,40}$/.test(cardId)) throw badRequest('validation.failed', { field: 'card_id' });
  if (!(CARD_TYPES as readonly string[]).includes(cardType))
    throw badRequest('validation.failed', { field: 'card_type' });
  const pics = {
    front_pic: requireOwnUpload(ctx, userId, input.front_pic ?? '', 'front_pic'),
    reverse_pic: requireOwnUpload(ctx, userId, input.reverse_pic ?? '', 'reverse_pic'),
    hand_pic: requireOwnUpload(ctx, userId, input.hand_pic ?? '', 'hand_pic'),
  };
  const now = ctx.clock.now();
  ctx.db
    .transaction(() => {
      const user = ctx.db.prepare('SELECT review_status FROM users WHERE id = ?').get(userId) as
        { review_status: number } | undefined;
      if (!user) throw notFound('account.not_found');
      if (user.review_status === 1 || user.review_status === 2) throw conflict('kyc.already_submitted');
      const used = ctx.db
        .prepare('SELECT 1 FROM kyc_submissions WHERE card_id = ? AND status IN (1, 2)')
        .get(cardId);
      if (used) throw conflict('kyc.card_id_used');
      ctx.db
        .prepare(
          `INSERT INTO kyc_submissions (user_id, name, card_id, card_type, countryname, adress, front_pic, reverse_pic, hand_pic, status, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
        )
        .run(
          userId,
          name,
          cardId,
          cardType,
          input.countryname,
          input.adress,
          pics.front_pic,
          pics.reverse_pic,
          pics.hand_pic,
          now,
        );
      ctx.db
        .prepare('UPDATE users SET review_status = 1, review_reason = NULL, updated_at = ? WHERE id = ?')
        .run(now, userId);
    })
    .immediate();
}

/** Admin review: approve (1 → 2) or reject (1 → 0 with a reason shown in the user centre). */
export function reviewRealName(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  account: string,
  action: 'approve' | 'reject',
  reason?: string,
): { user_id: number; account_number: string; review_status: number } {
  const user = findUserByAccount(ctx.db, account);
  if (!user) throw notFound('account.not_found');
  const now = ctx.clock.now();
  const status = action === 'approve' ? 2 : 0;
  ctx.db
    .transaction(() => {
      const sub = ctx.db
        .prepare('SELECT id FROM kyc_submissions WHERE user_id = ? AND status = 1 ORDER BY id DESC LIMIT 1')
        .get(user.id) as { id: number } | undefined;
      if (!sub || user.review_status !== 1) throw conflict('kyc.invalid_state');
      ctx.db
        .prepare('UPDATE kyc_submissions SET status = ?, reason = ?, reviewed_at = ? WHERE id = ?')
        .run(status, reason ?? null, now, sub.id);
      ctx.db
        .prepare('UPDATE users SET review_status = ?, review_reason = ?, updated_at = ? WHERE id = ?')
        .run(status, action === 'reject' ? (reason ?? 'rejected') : null, now, user.id);
    })
    .immediate();
  return { user_id: user.id, account_number: user.account_number, review_status: status };
}

// ---------------------------------------------------------------- payout profile

export const PAYOUT_FIELDS = accounts.PAYOUT_FIELDS;

export type PayoutField = (typeof PAYOUT_FIELDS)[number];
export type PayoutProfile = Record<PayoutField, string>;

export function payoutProfile(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
): PayoutProfile | Record<string, never> {
  const row = ctx.db
    .prepare(`SELECT ${PAYOUT_FIELDS.join(', ')} FROM payout_profiles WHERE user_id = ?`)
    .get(userId) as PayoutProfile | undefined;
  return row ?? {};
}

export function savePayoutProfile(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: number,
  input: Partial<Record<PayoutField, string | undefined>>,
): PayoutProfile {
  if (!input.bank_account) throw badRequest('cash.bank_account_required', { field: 'bank_account' });
  for (const field of ['alipay_qr_code', 'wechat_qr_code'] as const) {
    const value = input[field];
    if (value) requireOwnUpload(ctx, userId, value, field);
  }
  const profile = Object.fromEntries(PAYOUT_FIELDS.map((f) => [f, input[f] ?? ''])) as PayoutProfile;
  ctx.db
    .prepare(
      `INSERT INTO payout_profiles (user_id, ${PAYOUT_FIELDS.join(', ')}, updated_at)
       VALUES (?, ${PAYOUT_FIELDS.map(() => '?').join(', ')}, ?)
       ON CONFLICT (user_id) DO UPDATE SET ${PAYOUT_FIELDS.map((f) => `${f} = excluded.${f}`).join(', ')}, updated_at = excluded.updated_at`,
    )
    .run(userId, ...PAYOUT_FIELDS.map((f) => profile[f]), ctx.clock.now());
  return profile;
}

// ---------------------------------------------------------------- invitations

/** Masks an account: `a***@example.com`, `+861****8000`. */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, 1)}***${account.slice(at)}`;
  if (account.length <= 7) return `${account.slice(0, 2)}***`;
  return `${account.slice(0, 4)}****${account.slice(-4)}`;
}

export function invitedUsers(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
): Array<{ account: string; create_date: string }> {
  const rows = ctx.db
    .prepare('SELECT account_number, created_at FROM users WHERE inviter_id = ? ORDER BY id DESC LIMIT 1000')
    .all(userId) as Array<{ account_number: string; created_at: number }>;
  return rows.map((r) => ({ account: maskAccount(r.account_number), create_date: isoTime(r.created_at) }));
}
