import crypto from 'node:crypto';
import type { AppContext } from '../context';
import { AppError, badRequest, tooManyRequests } from '../core/errors';
import type { Q } from '../db';

/**
 * Verification codes: 6 random digits, stored salted and hashed, single use, valid
 * `config.codes.ttlSeconds`, one send per destination per `resendSeconds`, and
 * `maxAttempts` wrong tries invalidate the code.
 */
export type CodePurpose = 'register' | 'forget';
export type CodeChannel = 'email' | 'sms';

export interface CodeDestination {
  /** Normalized address: a lower-case email or an E.164-like phone `+<country code><number>`. */
  to: string;
  channel: CodeChannel;
  /** National phone number (digits), for looking phones up in the outbox. */
  national?: string;
}

function hashCode(salt: string, purpose: CodePurpose, to: string, code: string): string {
  return crypto.createHash('sha256').update(`${salt}:${purpose}:${to}:${code}`, 'utf8').digest('hex');
}

export function generateCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Issues and delivers a new code. Throws `code.resend_wait` (429 with wait) within the resend gap.
 * With `deliver: false` (a reset for an unknown account, a registration for an existing one)
 * everything happens the same way (limits, a stored code) except that the code goes nowhere, so
 * the answer says nothing about the account.
 */
export async function sendCode(
  ctx: AppContext,
  dest: CodeDestination,
  purpose: CodePurpose,
  lang: string,
  ip: string,
  deliver = true,
): Promise<void> {
  const { store, clock, config } = ctx;
  const now = clock.now();
  const last = await store.q
    .selectFrom('verification_codes')
    .select('created_at')
    .where('destination', '=', dest.to)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const gapMs = config.codes.resendSeconds * 1000;
  if (last && now - last.created_at < gapMs) {
    throw tooManyRequests('code.resend_wait', (last.created_at + gapMs - now) / 1000);
  }
  const ipKey = `ip:${ip}`;
  // Counted and checked in one step (on every node), so parallel sends cannot slip past.
  const send = await ctx.limits.codeSendsByIp.add(ipKey);
  const ipWait = send.wait(config.codes.maxSendsPerIpPerHour);
  if (ipWait > 0) {
    await send.undo();
    throw tooManyRequests('code.send_limited', ipWait);
  }

  const code = generateCode();
  const salt = crypto.randomBytes(16).toString('hex');
  // The attempt counts only if the code was stored: a transaction that rolled back takes it back.
  try {
    await store.tx(async (q) => {
      await q
        .updateTable('verification_codes')
        .set({ invalidated_at: now })
        .where('destination', '=', dest.to)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .where('invalidated_at', 'is', null)
        .execute();
      await q
        .insertInto('verification_codes')
        .values({
          destination: dest.to,
          channel: dest.channel,
          purpose,
          code_salt: salt,
          code_hash: hashCode(salt, purpose, dest.to, code),
          created_at: now,
          expires_at: now + config.codes.ttlSeconds * 1000,
        })
        .execute();
      if (deliver && config.mode !== 'production') {
        await q
          .insertInto('outbox')
          .values({
            to_addr: dest.to,
            national: dest.national ?? null,
            channel: dest.channel,
            purpose,
            code,
            lang,
            created_at: now,
          })
          .execute();
      }
    });
  } catch (error) {
    await send.undo().catch((undoError: unknown) => {
      ctx.log.warn({ err: undoError }, 'a failed code send could not be taken back from the limit');
    });
    throw error;
  }

  if (config.mode === 'production') {
    // No e-mail or SMS provider is configured: nothing leaves the server, and the code is never logged.
    ctx.log.warn(
      `[outbox] no ${dest.channel} provider configured: a ${purpose} code for ${dest.to} was not delivered`,
    );
  } else {
    ctx.log.info(`[outbox] to=${dest.to} code=${code} purpose=${purpose} channel=${dest.channel}`);
  }
}

/**
 * Checks a code without consuming it and returns its row id. A wrong code counts as an attempt
 * (committed at once); the last allowed wrong attempt invalidates the code.
 */
export async function checkCode(
  ctx: AppContext,
  to: string,
  purpose: CodePurpose,
  code: string,
): Promise<number> {
  const { store, clock, config } = ctx;
  const now = clock.now();
  const row = await store.q
    .selectFrom('verification_codes')
    .select(['id', 'code_salt', 'code_hash', 'attempts', 'expires_at', 'consumed_at', 'invalidated_at'])
    .where('destination', '=', to)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.consumed_at !== null) throw badRequest('code.invalid', { field: 'code' });
  if (row.invalidated_at !== null) {
    throw new AppError(
      row.attempts >= config.codes.maxAttempts ? 'code.too_many_attempts' : 'code.invalid',
      400,
      {
        field: 'code',
      },
    );
  }
  if (row.expires_at <= now) throw badRequest('code.expired', { field: 'code' });

  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = Buffer.from(hashCode(row.code_salt, purpose, to, code.trim()), 'hex');
  if (expected.length === actual.length && crypto.timingSafeEqual(expected, actual)) return row.id;

  // One wrong try counted per call even when guesses arrive at once on several nodes: the
  // counter moves in the database, and the try that reaches the limit invalidates the code.
  const counted = await store.q
    .updateTable('verification_codes')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      invalidated_at: eb
        .case()
        .when('attempts', '>=', config.codes.maxAttempts - 1)
        .then(now)
        .else(eb.ref('invalidated_at'))
        .end(),
    }))
    .where('id', '=', row.id)
    .returning('attempts')
    .executeTakeFirst();
  const exhausted = (counted?.attempts ?? row.attempts + 1) >= config.codes.maxAttempts;
  throw badRequest(exhausted ? 'code.too_many_attempts' : 'code.invalid', { field: 'code' });
}

/** Marks a checked code used. Call inside the transaction that acts on it; false if already used. */
export async function consumeCode(q: Q, id: number, now: number): Promise<boolean> {
  const result = await q
    .updateTable('verification_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('invalidated_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface OutboxItem {
  to: string;
  code: string;
  purpose: CodePurpose;
  channel: CodeChannel;
  created_at: string;
}

/** Last codes sent to an address (newest first). `to` is an email, `+<cc><number>`, or a national number. */
export async function readOutbox(ctx: AppContext, to: string, limit = 20): Promise<OutboxItem[]> {
  const value = to.trim();
  const select = ctx.store.q
    .selectFrom('outbox')
    .select(['to_addr', 'code', 'purpose', 'channel', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit);
  let rows;
  if (value.includes('@')) {
    rows = await select.where('to_addr', '=', value.toLowerCase()).execute();
  } else {
    const digits = value.replace(/\D/g, '');
    rows = await select
      .where((eb) => eb.or([eb('to_addr', '=', `+${digits}`), eb('national', '=', digits)]))
      .execute();
  }
  return rows.map((r) => ({
    to: r.to_addr,
    code: r.code,
    purpose: r.purpose as CodePurpose,
    channel: r.channel as CodeChannel,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
