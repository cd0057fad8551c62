import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { AppError, badRequest, notFound } from '../core/errors';
import { headerLang } from '../core/request';
import { normalizeLang } from '../core/validation';
import { CHAT_CSS, CHAT_JS, chatPageHtml } from './chat-page';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

export const CHAT_TOKEN_TTL_SECONDS = 30 * 86400;
export const CHAT_MAX_CHARS = 1000;
export const CHAT_HISTORY = 200;
/** The socket.io event carrying new chat messages. */
export const CHAT_EVENT = 'support_chat';

export interface ChatMessage {
  id: number;
  from: 'user' | 'admin';
  text: string;
  created_at: string;
}

interface MessageRow {
  id: number;
  user_id: number;
  sender: 'user' | 'admin';
  text: string;
  created_at: number;
}

function secret(ctx: Pick<AppContext, 'db'>): Buffer {
  const row = ctx.db.prepare("SELECT value FROM server_secrets WHERE name = 'support_chat_hmac'").get() as
    { value: string } | undefined;
  if (!row) throw new Error('support chat secret missing');
  return Buffer.from(row.value, 'base64url');
}

function sign(ctx: Pick<AppContext, 'db'>, payload: string): string {
  return crypto.createHmac('sha256', secret(ctx)).update(payload).digest('base64url');
}

/** `<userId>.<expiry s>.<HMAC>`: identifies the chat's user; nothing else in the URL is trusted. */
export function chatToken(ctx: Ctx, userId: number): string {
  const exp = Math.floor(ctx.clock.now() / 1000) + CHAT_TOKEN_TTL_SECONDS;
  const payload = `${userId}.${exp}`;
  return `${payload}.${sign(ctx, payload)}`;
}

/** The user of a chat token, or undefined (malformed, forged, expired, unknown user). */
export function chatUser(ctx: Ctx, token: unknown): number | undefined {
  if (typeof token !== 'string') return undefined;
  const match = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, user, exp, sig] = match;
  const expected = Buffer.from(sign(ctx, `${user}.${exp}`));
  const given = Buffer.from(sig ?? '');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  if (Number(exp) * 1000 <= ctx.clock.now()) return undefined;
  const userId = Number(user);
  return ctx.db.prepare('SELECT 1 FROM users WHERE id = ?').get(userId) ? userId : undefined;
}

function requireChatUser(ctx: Ctx, token: unknown): number {
  const userId = chatUser(ctx, token);
  if (userId === undefined) throw new AppError('chat.token_invalid', 401);
  return userId;
}

const toMessage = (r: MessageRow): ChatMessage => ({
  id: r.id,
  from: r.sender,
  text: r.text,
  created_at: isoTime(r.created_at),
});

export function chatHistory(ctx: Ctx, userId: number): ChatMessage[] {
  const rows = ctx.db
    .prepare('SELECT * FROM support_chat_messages WHERE user_id = ? ORDER BY id DESC LIMIT ?')
    .all(userId, CHAT_HISTORY) as MessageRow[];
  return rows.reverse().map(toMessage);
}

export function postChatMessage(
  ctx: Ctx,
  userId: number,
  sender: 'user' | 'admin',
  raw: string,
): ChatMessage {
  const text = raw.trim();
  if (text === '') throw badRequest('chat.text_required', { field: 'text' });
  if ([...text].length > CHAT_MAX_CHARS) throw badRequest('chat.too_long', { field: 'text' });
  const now = ctx.clock.now();
  const info = ctx.db
    .prepare('INSERT INTO support_chat_messages (user_id, sender, text, created_at) VALUES (?, ?, ?, ?)')
    .run(userId, sender, text, now);
  return { id: Number(info.lastInsertRowid), from: sender, text, created_at: isoTime(now) };
}

/** Admin CLI: a reply to a user (by account or id). The server delivers it live within a second. */
export function adminReply(ctx: Ctx, userId: number, text: string): ChatMessage {
  if (!ctx.db.prepare('SELECT 1 FROM users WHERE id = ?').get(userId)) throw notFound('account.not_found');
  return postChatMessage(ctx, userId, 'admin', text);
}

export function chatThreads(ctx: Pick<AppContext, 'db'>) {
  return ctx.db
    .prepare(
      `SELECT t.user_id, u.account_number, t.messages, l.sender AS last_from, l.text AS last_text,
         l.created_at AS last_at
       FROM (SELECT user_id, COUNT(*) AS messages, MAX(id) AS last_id FROM support_chat_messages GROUP BY user_id) t
       JOIN support_chat_messages l ON l.id = t.last_id JOIN users u ON u.id = t.user_id
       ORDER BY t.last_id DESC`,
    )
    .all() as Array<{
    user_id: number;
    account_number: string;
    messages: number;
    last_from: string;
    last_text: string;
    last_at: number;
  }>;
}

const chatRoom = (userId: number) => `support_chat:${userId}`;

/** Headers of the chat page: a strict CSP that lets only the app's pages frame it. */
function pageHeaders(ctx: Pick<AppContext, 'config'>): Record<string, string> {
  const ancestors = ["'self'", ctx.config.publicOrigin, ...ctx.config.allowedOrigins]
    .filter((v, i, all) => all.indexOf(v) === i)
    .join(' ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      `connect-src 'self' ${ctx.config.publicOrigin.replace(/^http/, 'ws')}`,
      "img-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      `frame-ancestors ${ancestors}`,
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

/**
 * Online-service chat: the page, its history/send calls, socket delivery (`chat_login` with the
 * chat token joins that user's room) and a 1-second pump that delivers rows written by anyone
 * (the HTTP calls or the admin CLI in another process).
 */
export function registerChatRoutes(app: FastifyInstance, ctx: AppContext): { pump(): number } {
  const { db } = ctx;
  let lastId = (
    db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM support_chat_messages').get() as { id: number }
  ).id;
  const pump = (): number => {
    const rows = db
      .prepare('SELECT * FROM support_chat_messages WHERE id > ? ORDER BY id LIMIT 500')
      .all(lastId) as MessageRow[];
    for (const r of rows) {
      ctx.hub.io.to(chatRoom(r.user_id)).emit(CHAT_EVENT, toMessage(r));
      lastId = r.id;
    }
    return rows.length;
  };
  const timer = setInterval(() => {
    try {
      pump();
    } catch (error) {
      ctx.log.error({ err: error }, 'support chat pump failed');
    }
  }, 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  ctx.hub.io.on('connection', (socket) => {
    let joined: number | undefined;
    socket.on('chat_login', (raw: unknown, ack?: unknown) => {
      const t = raw !== null && typeof raw === 'object' && 't' in raw ? (raw as { t: unknown }).t : raw;
      const userId = chatUser(ctx, t);
      if (joined !== undefined) void socket.leave(chatRoom(joined));
      joined = userId;
      if (userId !== undefined) void socket.join(chatRoom(userId));
      if (typeof ack === 'function')
        (ack as (a: unknown) => void)(
          userId === undefined ? { ok: false, code: 'chat.token_invalid' } : { ok: true },
        );
    });
  });

  // The page and its assets: helmet is off for these routes only; their own headers apply.
  route(
    app,
    'GET /api/support/chat',
    ({ input: { lang }, request, reply }) =>
      reply.headers(pageHeaders(ctx)).send(chatPageHtml(normalizeLang(lang) ?? headerLang(request))),
    { helmet: false },
  );
  route(app, 'GET /api/support/chat.js', ({ reply }) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(CHAT_JS),
  );
  route(app, 'GET /api/support/chat.css', ({ reply }) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(CHAT_CSS),
  );

  route(app, 'GET /api/support/chat/messages', ({ input: { t } }) => {
    return ok(chatHistory(ctx, requireChatUser(ctx, t)));
  });

  route(app, 'POST /api/support/chat/send', ({ input }) => {
    const userId = requireChatUser(ctx, input.t);
    const message = postChatMessage(ctx, userId, 'user', input.text ?? '');
    pump();
    return ok(message);
  });

  return { pump };
}
