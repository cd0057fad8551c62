import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { badRequest, conflict, notFound } from '../core/errors';
import { forUpdate } from '../db';
import { requireOwnUpload } from '../uploads';
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
export async function submitRealName(ctx: AppContext, userId: number, input: RealNameInput): Promise<void> {
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
    front_pic: await requireOwnUpload(ctx.store.q, userId, input.front_pic ?? '', 'front_pic'),
    reverse_pic: await requireOwnUpload(ctx.store.q, userId, input.reverse_pic ?? '', 'reverse_pic'),
    hand_pic: await requireOwnUpload(ctx.store.q, userId, input.hand_pic ?? '', 'hand_pic'),
  };
  const now = ctx.clock.now();
  await ctx.store.tx(async (q) => {
    // Locked: two submissions at once must not both pass the status and card checks.
    const user = await forUpdate(
      ctx.store,
      q.selectFrom('users').select('review_status').where('id', '=', userId),
    ).executeTakeFirst();
    if (!user) throw notFound('account.not_found');
    if (user.review_status === 1 || user.review_status === 2) throw conflict('kyc.already_submitted');
    const used = await q
      .selectFrom('kyc_submissions')
      .select('id')
      .where('card_id', '=', cardId)
      .where('status', 'in', [1, 2])
      .executeTakeFirst();
    if (used) throw conflict('kyc.card_id_used');
    // (Two users with one card number at once: the partial unique index kyc_submissions_card.)
    await q
      .insertInto('kyc_submissions')
      .values({
        user_id: userId,
        name,
        card_id: cardId,
        card_type: cardType,
        countryname: input.countryname ?? '',
        adress: input.adress ?? '',
        front_pic: pics.front_pic,
        reverse_pic: pics.reverse_pic,
        hand_pic: pics.hand_pic,
        status: 1,
        created_at: now,
      })
      .execute();
    await q
      .updateTable('users')
      .set({ review_status: 1, review_reason: null, updated_at: now })
      .where('id', '=', userId)
      .execute();
  });
}

/** Admin review: approve (1 → 2) or reject (1 → 0 with a reason shown in the user centre). */
export async function reviewRealName(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  account: string,
  action: 'approve' | 'reject',
  reason?: string,
): Promise<{ user_id: number; account_number: string; review_status: number }> {
  const user = await findUserByAccount(ctx.store.q, account);
  if (!user) throw notFound('account.not_found');
  const now = ctx.clock.now();
  const status = action === 'approve' ? 2 : 0;
  await ctx.store.tx(async (q) => {
    // Only from "under review", exactly once (a conditional write: one reviewer wins).
    const moved = await q
      .updateTable('users')
      .set({
        review_status: status,
        review_reason: action === 'reject' ? (reason ?? 'rejected') : null,
        updated_at: now,
      })
      .where('id', '=', user.id)
      .where('review_status', '=', 1)
      .executeTakeFirst();
    const sub = await q
      .selectFrom('kyc_submissions')
      .select('id')
      .where('user_id', '=', user.id)
      .where('status', '=', 1)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!sub || Number(moved.numUpdatedRows) !== 1) throw conflict('kyc.invalid_state');
    await q
      .updateTable('kyc_submissions')
      .set({ status, reason: reason ?? null, reviewed_at: now })
      .where('id', '=', sub.id)
      .execute();
  });
  return { user_id: user.id, account_number: user.account_number, review_status: status };
}

// ---------------------------------------------------------------- payout profile

export const PAYOUT_FIELDS = accounts.PAYOUT_FIELDS;

export type PayoutField = (typeof PAYOUT_FIELDS)[number];
export type PayoutProfile = Record<PayoutField, string>;

export async function payoutProfile(
  ctx: Pick<AppContext, 'store'>,
  userId: number,
): Promise<PayoutProfile | Record<string, never>> {
  const row = await ctx.store.q
    .selectFrom('payout_profiles')
    .select(PAYOUT_FIELDS)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? {};
}

export async function savePayoutProfile(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  userId: number,
  input: Partial<Record<PayoutField, string | undefined>>,
): Promise<PayoutProfile> {
  if (!input.bank_account) throw badRequest('cash.bank_account_required', { field: 'bank_account' });
  for (const field of ['alipay_qr_code', 'wechat_qr_code'] as const) {
    const value = input[field];
    if (value) await requireOwnUpload(ctx.store.q, userId, value, field);
  }
  const profile = Object.fromEntries(PAYOUT_FIELDS.map((f) => [f, input[f] ?? ''])) as PayoutProfile;
  const updatedAt = ctx.clock.now();
  await ctx.store.q
    .insertInto('payout_profiles')
    .values({ user_id: userId, ...profile, updated_at: updatedAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...profile, updated_at: updatedAt }))
    .execute();
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

export async function invitedUsers(
  ctx: Pick<AppContext, 'store'>,
  userId: number,
): Promise<Array<{ account: string; create_date: string }>> {
  const rows = await ctx.store.q
    .selectFrom('users')
    .select(['account_number', 'created_at'])
    .where('inviter_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => ({ account: maskAccount(r.account_number), create_date: isoTime(r.created_at) }));
}
