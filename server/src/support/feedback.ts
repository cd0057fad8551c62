import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { badRequest, notFound } from '../core/errors';
import { requireOwnUpload, signedUrl } from '../uploads/service';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

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

const SELECT = `SELECT f.*, u.account_number FROM feedback f JOIN users u ON u.id = f.user_id`;

function view(ctx: Ctx, row: FeedbackRow) {
  let img = '';
  if (row.img) {
    try {
      img = signedUrl(ctx, row.user_id, row.img).url;
    } catch {
      img = '';
    }
  }
  return {
    id: row.id,
    content: row.content,
    img,
    is_reply: row.is_reply,
    reply_content: row.reply_content ?? '',
    reply_time: row.reply_time === null ? null : isoTime(row.reply_time),
    create_time: isoTime(row.create_time),
    account_number: row.account_number,
  };
}

export function listFeedback(ctx: Ctx, userId: number, limit: number) {
  const rows = ctx.db
    .prepare(`${SELECT} WHERE f.user_id = ? ORDER BY f.id DESC LIMIT ?`)
    .all(userId, Math.min(Math.max(limit, 1), FEEDBACK_LIST_MAX)) as FeedbackRow[];
  return rows.map((r) => view(ctx, r));
}

export function feedbackDetail(ctx: Ctx, userId: number, id: number) {
  const row = ctx.db.prepare(`${SELECT} WHERE f.id = ? AND f.user_id = ?`).get(id, userId) as
    FeedbackRow | undefined;
  if (!row) throw notFound('feedback.not_found');
  return view(ctx, row);
}

export function addFeedback(ctx: Ctx, userId: number, content: string | undefined, img: string | undefined) {
  const text = (content ?? '').trim();
  if (text === '') throw badRequest('feedback.content_required', { field: 'content' });
  if ([...text].length > FEEDBACK_MAX_CHARS) throw badRequest('feedback.too_long', { field: 'content' });
  if (img) requireOwnUpload(ctx, userId, img, 'img');
  const info = ctx.db
    .prepare('INSERT INTO feedback (user_id, content, img, create_time) VALUES (?, ?, ?, ?)')
    .run(userId, text, img ?? null, ctx.clock.now());
  return { id: Number(info.lastInsertRowid) };
}

/** The administrator's reply (admin CLI). Replying again replaces the reply. */
export function replyFeedback(ctx: Ctx, id: number, reply: string) {
  const text = reply.trim();
  if (text === '') throw badRequest('feedback.content_required', { field: 'reply' });
  if ([...text].length > FEEDBACK_MAX_CHARS) throw badRequest('feedback.too_long', { field: 'reply' });
  const changed = ctx.db
    .prepare('UPDATE feedback SET is_reply = 1, reply_content = ?, reply_time = ? WHERE id = ?')
    .run(text, ctx.clock.now(), id).changes;
  if (changed !== 1) throw notFound('feedback.not_found');
  return { id, is_reply: 1 };
}

export function pendingFeedback(ctx: Pick<AppContext, 'db'>) {
  return ctx.db.prepare(`${SELECT} WHERE f.is_reply = 0 ORDER BY f.id`).all() as FeedbackRow[];
}

/** An upload reference: its id, or a URL of ours naming it (`/api/upload/<id>?...`). */
export function uploadIdOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const match = /(?:^|\/api\/upload\/)(upl_[A-Za-z0-9_-]{32})(?:$|\?)/.exec(value);
  return match?.[1] ?? value;
}

export function registerFeedbackRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'POST /api/feedback/list', ({ user: { userId }, input: { limit } }) => {
    return ok(listFeedback(ctx, userId, limit ?? FEEDBACK_LIST_MAX));
  });

  route(app, 'POST /api/feedback/detail', ({ user: { userId }, input }) => {
    return ok(feedbackDetail(ctx, userId, input.id));
  });

  route(app, 'POST /api/feedback/add', ({ user: { userId }, input }) => {
    return ok(addFeedback(ctx, userId, input.content, uploadIdOf(input.img)));
  });
}
