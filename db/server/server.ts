// A local libSQL server: serves an embedded database file over Hrana-over-HTTP v2 so that the
// official `@libsql/client` (web build, exactly as the Worker uses it) can talk to it as if it
// were sqld / Turso.
//
//   const server = await startDbServer({ file: 'data/dojo.db', port: 8080 });
//   const db = createClient({ url: server.url });   // from '@libsql/client/web'
//   …
//   await server.close();

import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { openKeeper } from './conn.ts';
import { createHandler } from './http.ts';
import { StreamManager } from './streams.ts';

export type DbServerOptions = {
  /** Path of the database file (created if missing). */
  file: string;
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind; 127.0.0.1 by default. */
  host?: string;
  /** If set, requests to /v2* must carry `Authorization: Bearer <authToken>`. */
  authToken?: string;
  log?: (line: string) => void;
  /** A stream idle this long is closed, rolling back its transaction (default 10 000 ms). */
  streamIdleMs?: number;
  /** How long a statement may wait for a database lock before SQLITE_BUSY (default 5 000 ms). */
  busyTimeoutMs?: number;
  /** Request bodies above this size get 413 (default 10 MiB). */
  maxBodyBytes?: number;
  /** Maximum number of simultaneously open streams, i.e. connections (default 512). */
  maxStreams?: number;
};

export type DbServer = {
  /** Base URL, e.g. `http://127.0.0.1:8080`. */
  url: string;
  port: number;
  /** Stops listening, rolls back and closes every stream, then closes the database. */
  close(): Promise<void>;
};

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startDbServer(opts: DbServerOptions): Promise<DbServer> {
  const log = opts.log ?? (() => {});
  const host = opts.host ?? '127.0.0.1';
  if (opts.file === '' || opts.file.startsWith(':memory:') || opts.file.includes('mode=memory')) {
    throw new Error('startDbServer needs a database file: every stream opens its own connection to it');
  }
  mkdirSync(dirname(opts.file), { recursive: true });

  // The keeper connection sets WAL mode and stays open for the server's lifetime, so that the
  // WAL is not checkpointed and removed every time the last stream connection closes.
  const keeper = openKeeper(opts.file);
  if (keeper.journalMode.toLowerCase() !== 'wal') {
    log(`warning: journal_mode is ${keeper.journalMode}, not wal`);
  }

  const streams = new StreamManager({
    file: opts.file,
    idleMs: opts.streamIdleMs ?? 10_000,
    busyTimeoutMs: opts.busyTimeoutMs ?? 5_000,
    maxStreams: opts.maxStreams ?? 512,
    maxIdleConns: 32,
    log,
  });
  const server = createServer(
    createHandler({ streams, authToken: opts.authToken, maxBodyBytes: opts.maxBodyBytes ?? 10 * 1024 * 1024, log }),
  );

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    streams.closeAll();
    keeper.db.close();
    throw e;
  }
  server.on('error', (e) => log(`http server error: ${e.message}`));
  // Keep idle client sockets longer than most clients do, so that a client rarely sends a
  // request on a socket the server is closing at that very moment (a POST is not retried).
  server.keepAliveTimeout = 30_000;

  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }).finally(() => {
      streams.closeAll();
      try {
        // Move everything into the main file, so that the .db file alone is a complete copy.
        keeper.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      } catch (e) {
        log(`checkpoint on close failed: ${e instanceof Error ? e.message : String(e)}`);
      }
      try {
        keeper.db.close();
      } catch (e) {
        log(`error closing the database: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
    return closing;
  };

  return { url: `http://${urlHost(host)}:${port}`, port, close };
}
