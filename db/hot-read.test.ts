import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDbUnavailable, sqliteErrorCode } from '#worker/lib/db-errors.ts';
import { createLibsqlClient } from './client.ts';
import { createHotReader, HotReadError, pipelineUrl } from './hot-read.ts';
import { startDbServer } from './server/server.ts';

let dir: string;
let server: Awaited<ReturnType<typeof startDbServer>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-hot-read-'));
  server = await startDbServer({ file: join(dir, 'hot.db'), port: 0 });
  const client = createLibsqlClient({ url: server.url });
  await client.execute('create table t (id integer primary key, n integer, r real, s text, b blob)');
  await client.execute({
    sql: 'insert into t values (1, ?, ?, ?, ?)',
    args: [9007199254740991, 2.5, 'héllo "x"', new Uint8Array([0, 255, 7])],
  });
  await client.execute({ sql: 'insert into t values (2, ?, null, null, null)', args: [BigInt('9007199254740993')] });
  client.close();
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A stand-in server that records what it is sent: only for what a real server cannot show (headers, silence). */
async function recorder(answer: (body: string) => string | undefined) {
  const seen: { headers: IncomingHttpHeaders; url: string; body: string }[] = [];
  const srv: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push({ headers: req.headers, url: req.url ?? '', body });
      const reply = answer(body);
      if (reply !== undefined) res.writeHead(200, { 'content-type': 'application/json' }).end(reply);
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise((r) => srv.close(r).closeAllConnections()) };
}

describe('hot reads over Hrana HTTP', () => {
  it('reads every value type as @libsql/client does with intMode "number"', async () => {
    const hot = createHotReader({ url: server.url });
    const client = createLibsqlClient({ url: server.url });
    const sql = 'select id, n, r, s, b from t where id = ?';
    const viaClient = (await client.execute({ sql, args: [1] })).rows[0]!;
    const [row] = await hot.execute(sql, [1]);
    client.close();
    expect(row).toEqual([1, 9007199254740991, 2.5, 'héllo "x"', new Uint8Array([0, 255, 7]).buffer]);
    expect(row).toEqual(Array.from({ length: 5 }, (_, i) => viaClient[i]));
  });

  it('sends every argument type and gets it back unchanged', async () => {
    const hot = createHotReader({ url: server.url });
    const args = [null, 42, -7.25, 'text', true, false, 12345678901234n, new Uint8Array([1, 2, 3])];
    const [row] = await hot.execute(`select ${args.map(() => '?').join(', ')}`, args);
    expect(row).toEqual([null, 42, -7.25, 'text', 1, 0, 12345678901234, new Uint8Array([1, 2, 3]).buffer]);
  });

  it('refuses an integer beyond 2^53 instead of rounding it, and a non-finite argument', async () => {
    const hot = createHotReader({ url: server.url });
    await expect(hot.execute('select n from t where id = 2')).rejects.toThrow(RangeError);
    await expect(hot.execute('select ?', [Number.NaN])).rejects.toThrow(RangeError);
  });

  it('answers no rows as an empty list, and many rows in order', async () => {
    const hot = createHotReader({ url: server.url });
    expect(await hot.execute('select * from t where id = ?', [99])).toEqual([]);
    expect(await hot.execute('select id from t order by id desc')).toEqual([[2], [1]]);
  });

  it('surfaces a SQL error with its SQLite code, which is not "database unavailable"', async () => {
    const hot = createHotReader({ url: server.url });
    const err = await hot.execute('select * from missing_table').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HotReadError);
    expect(String((err as Error).message)).toMatch(/no such table/);
    expect(sqliteErrorCode(err)).toMatch(/^SQLITE_/);
    expect(isDbUnavailable(err)).toBe(false);
  });

  it('classifies a stopped server, an HTTP failure and a server that never answers as unavailable', async () => {
    const stopped = await recorder(() => '{}');
    await stopped.close();
    const refused = await createHotReader({ url: stopped.url })
      .execute('select 1')
      .catch((e: unknown) => e);
    expect(isDbUnavailable(refused)).toBe(true);

    const notFound = await createHotReader({ url: `${server.url}/no/such/base` })
      .execute('select 1')
      .catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(HotReadError);
    expect((notFound as HotReadError).code).toBe('HTTP_404');
    expect(isDbUnavailable(notFound)).toBe(true);

    const silent = await recorder(() => undefined);
    const started = Date.now();
    const timedOut = await createHotReader({ url: silent.url, timeoutMs: 300 })
      .execute('select 1')
      .catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(isDbUnavailable(timedOut)).toBe(true);
    await silent.close();
  });

  it('sends one pipeline (execute, then close) with the auth token, to /v2/pipeline', async () => {
    const rec = await recorder(() =>
      JSON.stringify({
        baton: null,
        results: [
          { type: 'ok', response: { type: 'execute', result: { cols: [], rows: [[{ type: 'integer', value: '1' }]] } } },
          { type: 'ok', response: { type: 'close' } },
        ],
      }),
    );
    expect(await createHotReader({ url: rec.url, authToken: 'secret-token' }).execute('select ?', ['a'])).toEqual([[1]]);
    await rec.close();
    expect(rec.seen).toHaveLength(1);
    expect(rec.seen[0]!.url).toBe('/v2/pipeline');
    expect(rec.seen[0]!.headers.authorization).toBe('Bearer secret-token');
    expect(JSON.parse(rec.seen[0]!.body).requests).toEqual([
      { type: 'execute', stmt: { sql: 'select ?', args: [{ type: 'text', value: 'a' }], want_rows: true } },
      { type: 'close' },
    ]);
  });

  it('maps the URL schemes @libsql/client accepts to the pipeline endpoint', () => {
    expect(pipelineUrl('libsql://db-org.turso.io')).toBe('https://db-org.turso.io/v2/pipeline');
    expect(pipelineUrl('libsql://127.0.0.1:8080?tls=0')).toBe('http://127.0.0.1:8080/v2/pipeline');
    expect(pipelineUrl('wss://db.example.com/')).toBe('https://db.example.com/v2/pipeline');
    expect(pipelineUrl('http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000/v2/pipeline');
    expect(() => pipelineUrl('file:local.db')).toThrow(TypeError);
  });
});
