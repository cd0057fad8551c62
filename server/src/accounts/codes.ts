import crypto from 'node:crypto';
import type { AppContext } from '../context';
import { AppError, badRequest, tooManyRequests } from '../core/errors';

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

interface CodeRow {
  id: number;
  code_salt: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  consumed_at: number | null;
  invalidated_at: number | null;
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
  const { db, clock, config } = ctx;
  const now = clock.now();
  const last = db
    .prepare(
      'SELECT created_at FROM verification_codes WHERE destination = ? ORDER BY created_at DESC LIMIT 1',
    )
    .get(dest.to) as { created_at: number } | undefined;
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
  db.transaction(() => {
    db.prepare(
      'UPDATE verification_codes SET invalidated_at = ? WHERE destination = ? AND purpose = ? AND consumed_at IS NULL AND invalidated_at IS NULL',
    ).run(now, dest.to, purpose);
    db.prepare(
      `INSERT INTO verification_codes (destination, channel, purpose, code_salt, code_hash, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      dest.to,
      dest.channel,
      purpose,
      salt,
      hashCode(salt, purpose, dest.to, code),
      now,
      now + config.codes.ttlSeconds * 1000,
    );
    if (deliver && config.mode !== 'production') {
      db.prepare(
        'INSERT INTO outbox (to_addr, national, channel, purpose, code, lang, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(dest.to, dest.national ?? null, dest.channel, purpose, code, lang, now);
    }
  }).immediate();

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
export function checkCode(ctx: AppContext, to: string, purpose: CodePurpose, code: string): number {
  const { db, clock, config } = ctx;
  const now = clock.now();
  const row = db
    .prepare(
      `SELECT id, code_salt, code_hash, attempts, expires_at, consumed_at, invalidated_at
       FROM verification_codes WHERE destination = ? AND purpose = ? ORDER BY id DESC LIMIT 1`,
    )
    .get(to, purpose) as CodeRow | undefined;
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

  const attempts = row.attempts + 1;
  const exhausted = attempts >= config.codes.maxAttempts;
  db.prepare('UPDATE verification_codes SET attempts = ?, invalidated_at = ? WHERE id = ?').run(
    attempts,
    exhausted ? now : null,
    row.id,
  );
  throw badRequest(exhausted ? 'code.too_many_attempts' : 'code.invalid', { field: 'code' });
}

/** Marks a checked code used. Call inside the transaction that acts on it; false if already used. */
export function consumeCode(ctx: AppContext, id: number): boolean {
  const now = ctx.clock.now();
  return (
    ctx.db
      .prepare(
        'UPDATE verification_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL AND invalidated_at IS NULL',
      )
      .run(now, id).changes === 1
  );
}

export interface OutboxItem {
  to: string;
  code: string;
  purpose: CodePurpose;
  channel: CodeChannel;
  created_at: string;
}

/** Last codes sent to an address (newest first). `to` is an email, `+<cc><number>`, or a national number. */
export function readOutbox(ctx: AppContext, to: string, limit = 20): OutboxItem[] {
  const value = to.trim();
  let rows: Array<{
    to_addr: string;
    code: string;
    purpose: CodePurpose;
    channel: CodeChannel;
    created_at: number;
  }>;
  const select = 'SELECT to_addr, code, purpose, channel, created_at FROM outbox';
  if (value.includes('@')) {
    rows = ctx.db
      .prepare(`${select} WHERE to_addr = ? ORDER BY id DESC LIMIT ?`)
      .all(value.toLowerCase(), limit) as typeof rows;
  } else {
    const digits = value.replace(/\D/g, '');
    rows = ctx.db
      .prepare(`${select} WHERE to_addr = ? OR national = ? ORDER BY id DESC LIMIT ?`)
      .all(`+${digits}`, digits, limit) as typeof rows;
  }
  return rows.map((r) => ({
    to: r.to_addr,
    code: r.code,
    purpose: r.purpose,
    channel: r.channel,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
