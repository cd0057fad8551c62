import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
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
/** Sent to a chat socket just before the server disconnects it (its token no longer holds). */
export const CHAT_ENDED_EVENT = 'support_chat_ended';

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

interface SessionRow {
  id: number;
  expires_at: number;
  revoked_at: number | null;
}

/** The live session row of a token hash, if any. */
function liveSession(ctx: Ctx, userId: number, where: 'id' | 'token_hash', value: number | string) {
  const row = ctx.db
    .prepare(`SELECT id, expires_at, revoked_at FROM auth_tokens WHERE ${where} = ? AND user_id = ?`)
    .get(value, userId) as SessionRow | undefined;
  return row && row.revoked_at === null && row.expires_at > ctx.clock.now() ? row : undefined;
}

/** What the signature covers: the token's fields and the user's current password hash. */
function signedPart(ctx: Ctx, userId: number, sessionId: string, exp: string): string | undefined {
  const user = ctx.db.prepare('SELECT password_hash FROM users WHERE id = ?').get(userId) as
    { password_hash: string } | undefined;
  return user ? `${userId}.${sessionId}.${exp}.${user.password_hash}` : undefined;
}

/**
 * `<userId>.<session id>.<expiry s>.<HMAC>`: identifies the chat's user, bound to the session that
 * asked for it (logout, expiry or revocation of that session ends it) and to the user's password
 * (a password change or reset ends it). It expires with the session, at most after 30 days.
 */
export function chatToken(ctx: Ctx, userId: number, tokenHash: string): string {
  const session = liveSession(ctx, userId, 'token_hash', tokenHash);
  if (!session) throw new AppError('chat.token_invalid', 401);
  const exp = Math.floor(
    Math.min(ctx.clock.now() + CHAT_TOKEN_TTL_SECONDS * 1000, session.expires_at) / 1000,
  );
  const part = signedPart(ctx, userId, String(session.id), String(exp));
  if (part === undefined) throw new AppError('chat.token_invalid', 401);
  return `${userId}.${session.id}.${exp}.${sign(ctx, part)}`;
}

/** The user of a chat token, or undefined (malformed, forged, expired, session ended, password changed). */
export function chatUser(ctx: Ctx, token: unknown): number | undefined {
  if (typeof token !== 'string') return undefined;
  const match = /^(\d{1,12})\.(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, user, sessionId, exp, sig] = match;
  const userId = Number(user);
  const part = signedPart(ctx, userId, sessionId ?? '', exp ?? '');
  if (part === undefined) return undefined;
  const expected = Buffer.from(sign(ctx, part));
  const given = Buffer.from(sig ?? '');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  if (Number(exp) * 1000 <= ctx.clock.now()) return undefined;
  return liveSession(ctx, userId, 'id', Number(sessionId)) ? userId : undefined;
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
export function registerChatRoutes(
  app: FastifyInstance,
  ctx: AppContext,
): { pump(): number; revalidate(userId?: number): number } {
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
  // Chat sockets and the token each logged in with: re-checked whenever the user's sessions or
  // password change (logout, password change or reset, expiry) and every 5 s (natural expiry);
  // a socket whose token no longer holds is told so and disconnected.
  const chatSockets = new Map<Socket, { userId: number; token: string }>();
  const revalidate = (userId?: number): number => {
    let ended = 0;
    for (const [socket, login] of chatSockets) {
      if (userId !== undefined && login.userId !== userId) continue;
      if (chatUser(ctx, login.token) === login.userId) continue;
      chatSockets.delete(socket);
      void socket.leave(chatRoom(login.userId));
      socket.emit(CHAT_ENDED_EVENT, { code: 'chat.token_invalid' });
      socket.disconnect(true);
      ended += 1;
    }
    return ended;
  };
  const stopListening = ctx.hub.onSessionsChanged((userId) => revalidate(userId));
  let ticks = 0;
  const timer = setInterval(() => {
    try {
      pump();
      ticks += 1;
      if (ticks % 5 === 0) revalidate();
    } catch (error) {
      ctx.log.error({ err: error }, 'support chat pump failed');
    }
  }, 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopListening();
  });

  ctx.hub.io.on('connection', (socket) => {
    socket.on('chat_login', (raw: unknown, ack?: unknown) => {
      const t = raw !== null && typeof raw === 'object' && 't' in raw ? (raw as { t: unknown }).t : raw;
      const userId = chatUser(ctx, t);
      const previous = chatSockets.get(socket);
      if (previous !== undefined) void socket.leave(chatRoom(previous.userId));
      chatSockets.delete(socket);
      if (userId !== undefined && typeof t === 'string') {
        chatSockets.set(socket, { userId, token: t });
        void socket.join(chatRoom(userId));
      }
      if (typeof ack === 'function')
        (ack as (a: unknown) => void)(
          userId === undefined ? { ok: false, code: 'chat.token_invalid' } : { ok: true },
        );
    });
    socket.on('disconnect', () => chatSockets.delete(socket));
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

  return { pump, revalidate };
}
