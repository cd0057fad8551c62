import type { FastifyInstance } from 'fastify';
import { support } from '@app/contract';
import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { columnAs } from '../core/column';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { badRequest, notFound } from '../core/errors';
import type { Q } from '../db';
import { requireOwnUpload, signedUrl } from '../uploads';

type Ctx = Pick<AppContext, 'store' | 'clock'>;

export const FEEDBACK_MAX_CHARS = 2000;
export const FEEDBACK_LIST_MAX = 100;

interface FeedbackRow {
  id: number;
  user_id: number;
  content: string;
  img: string | null;
  is_reply: number;
  reply_content: string | null;
  reply_time: number | null;
  create_time: number;
  account_number: string;
}

function selectFeedback(q: Q) {
  return q
    .selectFrom('feedback as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .selectAll('f')
    .select('u.account_number');
}

/** A complaint as the contract answers it; the reply flag is checked here, once. */
async function view(ctx: Ctx, row: FeedbackRow): Promise<support.FeedbackView> {
  let img = '';
  if (row.img) {
    try {
      img = (await signedUrl(ctx, row.user_id, row.img)).url;
    } catch {
      img = '';
    }
  }
  return {
    id: row.id,
    content: row.content,
    img,
    is_reply: columnAs(support.feedbackView.shape.is_reply, row.is_reply, `feedback.is_reply (id ${row.id})`),
    reply_content: row.reply_content ?? '',
    reply_time: row.reply_time === null ? null : isoTime(row.reply_time),
    create_time: isoTime(row.create_time),
    account_number: row.account_number,
  };
}

export async function listFeedback(ctx: Ctx, userId: number, limit: number) {
  const rows: FeedbackRow[] = await selectFeedback(ctx.store.q)
    .where('f.user_id', '=', userId)
    .orderBy('f.id', 'desc')
    .limit(Math.min(Math.max(limit, 1), FEEDBACK_LIST_MAX))
    .execute();
  const list = [];
  for (const r of rows) list.push(await view(ctx, r));
  return list;
}

export async function feedbackDetail(ctx: Ctx, userId: number, id: number) {
  const row: FeedbackRow | undefined = await selectFeedback(ctx.store.q)
    .where('f.id', '=', id)
    .where('f.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('feedback.not_found');
  return view(ctx, row);
}

export async function addFeedback(
  ctx: Ctx,
  userId: number,
  content: string | undefined,
  img: string | undefined,
) {
  const text = (content ?? '').trim();
  if (text === '') throw badRequest('feedback.content_required', { field: 'content' });
  if ([...text].length > FEEDBACK_MAX_CHARS) throw badRequest('feedback.too_long', { field: 'content' });
  if (img) await requireOwnUpload(ctx.store.q, userId, img, 'img');
  const { id } = await ctx.store.q
    .insertInto('feedback')
    .values({ user_id: userId, content: text, img: img ?? null, create_time: ctx.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id };
}

/** The administrator's reply (admin CLI). Replying again replaces the reply. */
export async function replyFeedback(ctx: Ctx, id: number, reply: string) {
  const text = reply.trim();
  if (text === '') throw badRequest('feedback.content_required', { field: 'reply' });
  if ([...text].length > FEEDBACK_MAX_CHARS) throw badRequest('feedback.too_long', { field: 'reply' });
  const result = await ctx.store.q
    .updateTable('feedback')
    .set({ is_reply: 1, reply_content: text, reply_time: ctx.clock.now() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw notFound('feedback.not_found');
  return { id, is_reply: 1 };
}

export async function pendingFeedback(ctx: Pick<AppContext, 'store'>): Promise<FeedbackRow[]> {
  return selectFeedback(ctx.store.q).where('f.is_reply', '=', 0).orderBy('f.id').execute();
}

/** An upload reference: its id, or a URL of ours naming it (`/api/upload/<id>?...`). */
export function uploadIdOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const match = /(?:^|\/api\/upload\/)(upl_[A-Za-z0-9_-]{32})(?:$|\?)/.exec(value);
  return match?.[1] ?? value;
}

export function registerFeedbackRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'POST /api/feedback/list', async ({ user: { userId }, input: { limit } }) => {
    return ok(await listFeedback(ctx, userId, limit ?? FEEDBACK_LIST_MAX));
  });

  route(app, 'POST /api/feedback/detail', async ({ user: { userId }, input }) => {
    return ok(await feedbackDetail(ctx, userId, input.id));
  });

  route(app, 'POST /api/feedback/add', async ({ user: { userId }, input }) => {
    return ok(await addFeedback(ctx, userId, input.content, uploadIdOf(input.img)));
  });
}
