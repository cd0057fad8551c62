import type { Q } from '../db';

/** A persistent server secret (`server_secrets`, written by the migrations), as bytes. */
export async function serverSecret(q: Q, name: string): Promise<Buffer> {
  const row = await q
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) throw new Error(`server secret ${name} missing`);
  return Buffer.from(row.value, 'base64url');
}
