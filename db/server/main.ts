// CLI: serve a libSQL database file over Hrana-over-HTTP v2.
//
//   node db/server/main.ts --file data/dojo.db --port 8080 [--host 127.0.0.1] [--auth-token T]
//
// Environment fallbacks: DB_FILE, DB_PORT, DB_HOST, DB_AUTH_TOKEN.
// Prints `db/server listening on http://HOST:PORT` on stdout once ready; logs go to stderr.
// SIGINT / SIGTERM close the server and the database, then exit 0.

import { parseArgs } from 'node:util';
import { startDbServer } from './server.ts';

const USAGE = 'usage: node db/server/main.ts [--file PATH] [--port N] [--host ADDR] [--auth-token TOKEN]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function parsePort(raw: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid port: ${raw}`);
  return port;
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        file: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'auth-token': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const str = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
  const file = str(values.file) ?? process.env.DB_FILE ?? 'data/dojo.db';
  const port = parsePort(str(values.port) ?? process.env.DB_PORT ?? '8080');
  const host = str(values.host) ?? process.env.DB_HOST ?? '127.0.0.1';
  const authToken = str(values['auth-token']) ?? (process.env.DB_AUTH_TOKEN || undefined);

  const log = (line: string): void => {
    process.stderr.write(`[db/server] ${line}\n`);
  };
  const server = await startDbServer({ file, port, host, authToken, log });
  process.stdout.write(`db/server listening on ${server.url}\n`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 5_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        log(`error while closing: ${e instanceof Error ? e.message : String(e)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  process.stderr.write(`db/server failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
