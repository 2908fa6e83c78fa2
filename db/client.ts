import { createClient, type Client } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql/web';
import { createHotReader } from './hot-read.ts';
import * as schema from './schema/index.ts';

export type DbOptions = {
  url: string;
  authToken?: string | undefined;
  timeoutMs?: number;
  /** Sends the database's HTTP requests through this binding instead of the global fetch (see worker/env.ts). */
  via?: { fetch: typeof fetch } | undefined;
};

/** A fetch that gives up after `timeoutMs`, so a hung database answers 503 instead of hanging the request. */
const fetchWithTimeout =
  (timeoutMs: number, via: { fetch: typeof fetch } | undefined): typeof fetch =>
  (input, init) =>
    (via ?? globalThis).fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });

/**
 * No concurrency limit (libsql's default queues the 21st concurrent call): the Worker shares one client
 * per isolate, and a call queued behind another request would run in that request's context.
 */
const UNLIMITED = 1_000_000;

export function createLibsqlClient({ url, authToken, timeoutMs = 8000, via }: DbOptions): Client {
  return createClient({ url, authToken, intMode: 'number', concurrency: UNLIMITED, fetch: fetchWithTimeout(timeoutMs, via) });
}

/**
 * Made once per isolate from bindings (worker/lib/runtime.ts). Without the relational `schema` option: nothing uses `db.query`,
 * and extracting the relational config of every table on each request cost more than the query.
 */
export function createDb(opts: DbOptions) {
  const client = createLibsqlClient(opts);
  return Object.assign(drizzle(client), { $libsql: client, $read: createHotReader(opts) });
}

export type Db = ReturnType<typeof createDb>;
export { schema };
