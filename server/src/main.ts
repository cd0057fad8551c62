import { buildApp } from './app';
import { loadConfig } from './core/config';
import { DEMO_ACCOUNT } from './database';

/** host:port/database of a DATABASE_URL (never its password). */
function databaseLabel(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const server = await buildApp(config);
  const address = await server.app.listen({ port: config.port, host: config.host });

  const lines = [
    `API server listening on ${address} (mode: ${config.mode})`,
    `Database: ${config.databaseUrl ? `PostgreSQL ${databaseLabel(config.databaseUrl)}` : config.dbFile}`,
    `Public origin: ${config.publicOrigin}`,
    `Market: ${server.market.instruments.length} instruments, feed ${config.market.feed}, seed ${config.market.seed}, tape kept ${config.market.tapeRetentionDays === null ? 'in full' : `${config.market.tapeRetentionDays} day(s)`}`,
  ];
  if (config.mode !== 'production') {
    lines.push(
      `Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password} (invite code ${DEMO_ACCOUNT.inviteCode})`,
    );
    lines.push(
      'Dev tools on: GET /dev/outbox?to=..., POST /dev/credit, POST /dev/session/expire, POST /dev/market/price',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: shutting down\n`);
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        process.stderr.write(`Shutdown failed: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
