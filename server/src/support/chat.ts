import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { AppError, badRequest, notFound } from '../core/errors';
import { serverSecret } from '../core/secrets';
import { headerLang } from '../core/request';
import { normalizeLang } from '../core/validation';
import { CHAT_CSS, CHAT_JS, chatPageHtml } from './chat-page';

type Ctx = Pick<AppContext, 'store' | 'clock'>;

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

async function sign(ctx: Pick<AppContext, 'store'>, payload: string): Promise<string> {
  return crypto
    .createHmac('sha256', await serverSecret(ctx.store.q, 'support_chat_hmac'))
    .update(payload)
    .digest('base64url');
}

interface SessionRow {
  id: number;
  expires_at: number;
  revoked_at: number | null;
}

/** The live session row of a token hash, if any. */
async function liveSession(
  ctx: Ctx,
  userId: number,
  where: 'id' | 'token_hash',
  value: number | string,
): Promise<SessionRow | undefined> {
  const select = ctx.store.q
    .selectFrom('auth_tokens')
    .select(['id', 'expires_at', 'revoked_at'])
    .where('user_id', '=', userId);
  const row =
    where === 'id'
      ? await select.where('id', '=', Number(value)).executeTakeFirst()
      : await select.where('token_hash', '=', String(value)).executeTakeFirst();
  return row && row.revoked_at === null && row.expires_at > ctx.clock.now() ? row : undefined;
}

/** What the signature covers: the token's fields and the user's current password hash. */
async function signedPart(
  ctx: Ctx,
  userId: number,
  sessionId: string,
  exp: string,
): Promise<string | undefined> {
  const user = await ctx.store.q
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user ? `${userId}.${sessionId}.${exp}.${user.password_hash}` : undefined;
}

/**
 * `<userId>.<session id>.<expiry s>.<HMAC>`: identifies the chat's user, bound to the session that
 * asked for it (logout, expiry or revocation of that session ends it) and to the user's password
 * (a password change or reset ends it). It expires with the session, at most after 30 days.
 */
export async function chatToken(ctx: Ctx, userId: number, tokenHash: string): Promise<string> {
  const session = await liveSession(ctx, userId, 'token_hash', tokenHash);
  if (!session) throw new AppError('chat.token_invalid', 401);
  const exp = Math.floor(
    Math.min(ctx.clock.now() + CHAT_TOKEN_TTL_SECONDS * 1000, session.expires_at) / 1000,
  );
  const part = await signedPart(ctx, userId, String(session.id), String(exp));
  if (part === undefined) throw new AppError('chat.token_invalid', 401);
  return `${userId}.${session.id}.${exp}.${await sign(ctx, part)}`;
}

/** The user of a chat token, or undefined (malformed, forged, expired, session ended, password changed). */
export async function chatUser(ctx: Ctx, token: unknown): Promise<number | undefined> {
  if (typeof token !== 'string') return undefined;
  const match = /^(\d{1,12})\.(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, user, sessionId, exp, sig] = match;
  const userId = Number(user);
  const part = await signedPart(ctx, userId, sessionId ?? '', exp ?? '');
  if (part === undefined) return undefined;
  const expected = Buffer.from(await sign(ctx, part));
  const given = Buffer.from(sig ?? '');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  if (Number(exp) * 1000 <= ctx.clock.now()) return undefined;
  return (await liveSession(ctx, userId, 'id', Number(sessionId))) ? userId : undefined;
}

async function requireChatUser(ctx: Ctx, token: unknown): Promise<number> {
  const userId = await chatUser(ctx, token);
  if (userId === undefined) throw new AppError('chat.token_invalid', 401);
  return userId;
}

const toMessage = (r: MessageRow): ChatMessage => ({
  id: r.id,
  from: r.sender,
  text: r.text,
  created_at: isoTime(r.created_at),
});

export async function chatHistory(ctx: Ctx, userId: number): Promise<ChatMessage[]> {
  const rows = (await ctx.store.q
    .selectFrom('support_chat_messages')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(CHAT_HISTORY)
    .execute()) as MessageRow[];
  return rows.reverse().map(toMessage);
}

export async function postChatMessage(
  ctx: Ctx,
  userId: number,
  sender: 'user' | 'admin',
  raw: string,
): Promise<ChatMessage> {
  const text = raw.trim();
  if (text === '') throw badRequest('chat.text_required', { field: 'text' });
  if ([...text].length > CHAT_MAX_CHARS) throw badRequest('chat.too_long', { field: 'text' });
  const now = ctx.clock.now();
  const { id } = await ctx.store.q
    .insertInto('support_chat_messages')
    .values({ user_id: userId, sender, text, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, from: sender, text, created_at: isoTime(now) };
}

/** Admin CLI: a reply to a user (by account or id). The server delivers it live within a second. */
export async function adminReply(ctx: Ctx, userId: number, text: string): Promise<ChatMessage> {
  const user = await ctx.store.q.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('account.not_found');
  return postChatMessage(ctx, userId, 'admin', text);
}

export async function chatThreads(ctx: Pick<AppContext, 'store'>) {
  const rows = await ctx.store.q
    .selectFrom((eb) =>
      eb
        .selectFrom('support_chat_messages')
        .select((e) => ['user_id', e.fn.countAll<number>().as('messages'), e.fn.max('id').as('last_id')])
        .groupBy('user_id')
        .as('t'),
    )
    .innerJoin('support_chat_messages as l', 'l.id', 't.last_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.user_id', 'u.account_number', 't.messages', 'l.sender as last_from', 'l.text as last_text'])
    .select('l.created_at as last_at')
    .orderBy('t.last_id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, messages: Number(r.messages) }));
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
): { pump(): Promise<number>; revalidate(userId?: number): Promise<number> } {
  const { q } = ctx.store;
  // Set when the app is ready (before it listens), so every message written after is delivered.
  let lastId = 0;
  app.addHook('onReady', async () => {
    const row = await q
      .selectFrom('support_chat_messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    lastId = Number(row?.id ?? 0);
  });
  // One pump at a time (the timer and the send route both pump): each row is emitted once.
  let pumping: Promise<number> = Promise.resolve(0);
  const pumpOnce = async (): Promise<number> => {
    const rows = (await q
      .selectFrom('support_chat_messages')
      .selectAll()
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(500)
      .execute()) as MessageRow[];
    for (const r of rows) {
      // Every node pumps the table itself, so each delivers only to its own sockets (with a shared
      // adapter, a broadcast would reach every socket once per node).
      ctx.hub.io.local.to(chatRoom(r.user_id)).emit(CHAT_EVENT, toMessage(r));
      lastId = r.id;
    }
    return rows.length;
  };
  const pump = (): Promise<number> => {
    pumping = pumping.catch(() => 0).then(pumpOnce);
    return pumping;
  };
  // Chat sockets and the token each logged in with: re-checked whenever the user's sessions or
  // password change (logout, password change or reset, expiry) and every 5 s (natural expiry);
  // a socket whose token no longer holds is told so and disconnected.
  const chatSockets = new Map<Socket, { userId: number; token: string }>();
  const revalidate = async (userId?: number): Promise<number> => {
    let ended = 0;
    for (const [socket, login] of [...chatSockets]) {
      if (userId !== undefined && login.userId !== userId) continue;
      if ((await chatUser(ctx, login.token)) === login.userId) continue;
      if (chatSockets.get(socket) !== login) continue;
      chatSockets.delete(socket);
      void socket.leave(chatRoom(login.userId));
      socket.emit(CHAT_ENDED_EVENT, { code: 'chat.token_invalid' });
      socket.disconnect(true);
      ended += 1;
    }
    return ended;
  };
  const logFailure = (error: unknown) => ctx.log.error({ err: error }, 'support chat pump failed');
  const stopListening = ctx.hub.onSessionsChanged((userId) => {
    revalidate(userId).catch(logFailure);
  });
  let ticks = 0;
  let busy: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (busy) return;
    busy = (async () => {
      try {
        await pump();
        ticks += 1;
        if (ticks % 5 === 0) await revalidate();
      } catch (error) {
        logFailure(error);
      } finally {
        busy = undefined;
      }
    })();
  }, 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopListening();
    await busy;
  });

  ctx.hub.io.on('connection', (socket) => {
    socket.on('chat_login', (raw: unknown, ack?: unknown) => {
      const t = raw !== null && typeof raw === 'object' && 't' in raw ? (raw as { t: unknown }).t : raw;
      const previous = chatSockets.get(socket);
      if (previous !== undefined) void socket.leave(chatRoom(previous.userId));
      chatSockets.delete(socket);
      chatUser(ctx, t)
        .catch((error: unknown) => {
          logFailure(error);
          return undefined;
        })
        .then((userId) => {
          if (userId !== undefined && typeof t === 'string' && socket.connected) {
            chatSockets.set(socket, { userId, token: t });
            void socket.join(chatRoom(userId));
          }
          if (typeof ack === 'function')
            (ack as (a: unknown) => void)(
              userId === undefined ? { ok: false, code: 'chat.token_invalid' } : { ok: true },
            );
        })
        .catch(logFailure);
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

  route(app, 'GET /api/support/chat/messages', async ({ input: { t } }) => {
    return ok(await chatHistory(ctx, await requireChatUser(ctx, t)));
  });

  route(app, 'POST /api/support/chat/send', async ({ input }) => {
    const userId = await requireChatUser(ctx, input.t);
    const message = await postChatMessage(ctx, userId, 'user', input.text ?? '');
    await pump();
    return ok(message);
  });

  return { pump, revalidate };
}
