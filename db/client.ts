import { createClient, type Client } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql/web';
import * as schema from './schema/index.ts';

export type DbOptions = { url: string; authToken?: string | undefined; timeoutMs?: number };

/** A fetch that gives up after `timeoutMs`, so a hung database answers 503 instead of hanging the request. */
const fetchWithTimeout =
  (timeoutMs: number): typeof fetch =>
  (input, init) =>
    fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });

export function createLibsqlClient({ url, authToken, timeoutMs = 8000 }: DbOptions): Client {
  return createClient({ url, authToken, intMode: 'number', fetch: fetchWithTimeout(timeoutMs) });
}

/**
 * Made per request from bindings. Without the relational `schema` option: nothing uses `db.query`,
 * and extracting the relational config of every table on each request cost more than the query.
 */
export function createDb(opts: DbOptions) {
  const client = createLibsqlClient(opts);
  return Object.assign(drizzle(client), { $libsql: client });
}

export type Db = ReturnType<typeof createDb>;
export { schema };
