// The wire protocol, checked with raw HTTP requests.
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { openHttp } from '@libsql/hrana-client';
import { createClient } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exec, pipeline, startTestServer, type TestServer } from './test-helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe('endpoints', () => {
  it('answers GET /, /health and /v2 with 200', async () => {
    for (const path of ['/', '/health', '/v2']) {
      expect((await fetch(server.url + path)).status, path).toBe(200);
    }
  });

  it('answers anything v3 with 404, and other paths too', async () => {
    for (const path of ['/v3', '/v3-protobuf', '/v1', '/nope']) {
      expect((await fetch(server.url + path)).status, path).toBe(404);
    }
    for (const path of ['/v3/pipeline', '/v3-protobuf/pipeline', '/v3/cursor']) {
      const res = await fetch(server.url + path, { method: 'POST', body: '{}' });
      expect(res.status, path).toBe(404);
    }
  });

  it('makes a Hrana 3 client fall back to v2, and @libsql/client 0.18 never probes v3', async () => {
    const hrana = openHttp(server.url, undefined, undefined, undefined, 3);
    try {
      expect(await hrana.getVersion()).toBe(2); // probed /v3-protobuf, got 404, fell back
    } finally {
      hrana.close();
    }
    const urls: string[] = [];
    const recording: typeof fetch = (input, init) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    };
    const client = createClient({ url: server.url, fetch: recording });
    await client.execute('select 1');
    await client.batch(['select 1', 'select 2'], 'read');
    client.close();
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((u) => new URL(u).pathname === '/v2/pipeline')).toBe(true);
  });

  it('listens on 127.0.0.1 only', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await canConnect('127.0.0.1', server.port)).toBe(true);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal);
    if (external) expect(await canConnect(external.address, server.port)).toBe(false);
    expect(await canConnect('::1', server.port)).toBe(false);
  });
});

describe('bad requests', () => {
  it('answers malformed JSON with 400 and a JSON message', async () => {
    const res = await pipeline(server.url, '{"baton": null, "requests": [');
    expect(res.status).toBe(400);
    expect(res.contentType).toBe('application/json');
    expect(res.json.message).toMatch(/JSON/);
  });

  it.each([
    ['not an object', '[1,2]'],
    ['requests missing', '{"baton": null}'],
    ['unknown request type', '{"requests": [{"type": "drop_everything"}]}'],
    ['bad value', '{"requests": [{"type": "execute", "stmt": {"sql": "select ?", "args": [{"type": "integer", "value": "1.5"}]}}]}'],
    [
      'integer out of range',
      '{"requests": [{"type": "execute", "stmt": {"sql": "select ?", "args": [{"type": "integer", "value": "9223372036854775808"}]}}]}',
    ],
    ['sql and sql_id', '{"requests": [{"type": "execute", "stmt": {"sql": "select 1", "sql_id": 1}}]}'],
    [
      'forward condition',
      '{"requests": [{"type": "batch", "batch": {"steps": [{"stmt": {"sql": "select 1"}, "condition": {"type": "ok", "step": 0}}]}}]}',
    ],
  ])('answers %s with 400', async (_name, body) => {
    const res = await pipeline(server.url, body);
    expect(res.status).toBe(400);
    expect(typeof res.json.message).toBe('string');
  });

  it('answers a body over 10 MiB with 413', async () => {
    const res = await fetch(`${server.url}/v2/pipeline`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"requests": [], "pad": "${'x'.repeat(10 * 1024 * 1024)}"}`,
    });
    expect(res.status).toBe(413);
    await res.text();
  });

  it('answers a streamed (chunked) body over the limit with 413', async () => {
    const small = await startTestServer({ maxBodyBytes: 1024 });
    try {
      const chunk = new TextEncoder().encode('x'.repeat(512));
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 8) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const res = await fetch(`${small.url}/v2/pipeline`, { method: 'POST', body, duplex: 'half' } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { message: string }).message).toMatch(/exceeds 1024 bytes/);
    } finally {
      await small.stop();
    }
  });

  it('still serves after all of that', async () => {
    const res = await pipeline(server.url, { baton: null, requests: [exec('select 1'), { type: 'close' }] });
    expect(res.status).toBe(200);
  });
});

describe('pipeline', () => {
  it('encodes values per the Hrana spec', async () => {
    const args = [
      { type: 'null' },
      { type: 'integer', value: '9223372036854775807' },
      { type: 'integer', value: '-9223372036854775808' },
      { type: 'float', value: 1.5 },
      { type: 'float', value: 2 },
      { type: 'text', value: 'ü🥋' },
      { type: 'blob', base64: Buffer.from([1, 2, 3]).toString('base64') },
    ];
    const res = await pipeline(server.url, {
      baton: null,
      requests: [exec('select ?, ?, ?, ?, ?, ?, ?', args), { type: 'close' }],
    });
    expect(res.status).toBe(200);
    expect(res.json.baton).toBeNull();
    expect(res.json.base_url).toBeNull();
    const result = res.json.results[0].response.result;
    expect(result.rows[0]).toEqual(args);
    expect(result.cols).toHaveLength(7);
    expect(result.cols[0]).toEqual({ name: '?', decltype: null });
    expect(result.affected_row_count).toBe(0);
    expect(result.last_insert_rowid).toBeNull();
    expect(res.json.results[1]).toEqual({ type: 'ok', response: { type: 'close' } });
  });

  it('supports want_rows: false, named_args and last_insert_rowid', async () => {
    const res = await pipeline(server.url, {
      requests: [
        exec('create table p (id integer primary key, x)'),
        exec('insert into p (x) values (:x), (@y)', [], {
          named_args: [
            { name: ':x', value: { type: 'text', value: 'a' } },
            { name: 'y', value: { type: 'text', value: 'b' } },
          ],
        }),
        exec('select x from p', [], { want_rows: false }),
        { type: 'close' },
      ],
    });
    const [, insert, select] = res.json.results;
    expect(insert.response.result).toMatchObject({ affected_row_count: 2, last_insert_rowid: '2' });
    expect(select.response.result.rows).toEqual([]);
    expect(select.response.result.cols).toEqual([{ name: 'x', decltype: null }]);
  });

  it('keeps executing after a failed request, and reports the SQLite code', async () => {
    const res = await pipeline(server.url, {
      requests: [exec('select * from missing_table'), exec('select 7'), { type: 'close' }],
    });
    expect(res.json.results[0]).toMatchObject({ type: 'error', error: { code: 'SQLITE_ERROR' } });
    expect(res.json.results[0].error.message).toMatch(/no such table/);
    expect(res.json.results[1].response.result.rows).toEqual([[{ type: 'integer', value: '7' }]]);
  });

  it('evaluates batch conditions (ok, error, not, and, or, is_autocommit)', async () => {
    const s = (sql: string, condition?: unknown) => ({ stmt: { sql }, ...(condition ? { condition } : {}) });
    const steps = [
      s('select 1'), // 0 ok
      s('select * from missing'), // 1 error
      s('select 2', { type: 'error', step: 1 }), // 2 runs
      s('select 3', { type: 'ok', step: 1 }), // 3 skipped
      s('select 4', {
        type: 'and',
        conds: [
          { type: 'ok', step: 0 },
          { type: 'not', cond: { type: 'ok', step: 3 } },
        ],
      }), // 4 runs
      s('select 5', {
        type: 'or',
        conds: [
          { type: 'ok', step: 3 },
          { type: 'error', step: 3 },
        ],
      }), // 5 skipped
      s('begin', { type: 'is_autocommit' }), // 6 runs
      s('select 7', { type: 'is_autocommit' }), // 7 skipped: in a transaction now
      s('rollback', { type: 'not', cond: { type: 'is_autocommit' } }), // 8 runs
    ];
    const res = await pipeline(server.url, { requests: [{ type: 'batch', batch: { steps } }, { type: 'close' }] });
    const { step_results, step_errors } = res.json.results[0].response.result;
    expect(step_results.map((r: unknown) => r !== null)).toEqual([true, false, true, false, true, false, true, false, true]);
    expect(step_errors.map((e: unknown) => e !== null)).toEqual([false, true, false, false, false, false, false, false, false]);
    expect(step_errors[1].code).toBe('SQLITE_ERROR');
  });

  it('stores SQL texts per stream (store_sql / close_sql) and describes statements', async () => {
    const first = await pipeline(server.url, {
      requests: [
        { type: 'store_sql', sql_id: 1, sql: 'select :a as a, ? as b, @c as c' },
        {
          type: 'execute',
          stmt: {
            sql_id: 1,
            named_args: [
              { name: 'a', value: { type: 'integer', value: '1' } },
              { name: '@c', value: { type: 'null' } },
            ],
            args: [{ type: 'null' }, { type: 'text', value: 'B' }],
          },
        },
        { type: 'describe', sql_id: 1 },
        { type: 'describe', sql: 'insert into p (x) values (?1)' },
        { type: 'describe', sql: 'explain select 1' },
        { type: 'store_sql', sql_id: 1, sql: 'select 2' },
      ],
    });
    const [, run, d1, d2, d3, dup] = first.json.results;
    expect(run.response.result.rows[0]).toEqual([{ type: 'integer', value: '1' }, { type: 'text', value: 'B' }, { type: 'null' }]);
    expect(d1.response.result).toEqual({
      params: [{ name: ':a' }, { name: null }, { name: '@c' }],
      cols: [
        { name: 'a', decltype: null },
        { name: 'b', decltype: null },
        { name: 'c', decltype: null },
      ],
      is_explain: false,
      is_readonly: true,
    });
    expect(d2.response.result).toMatchObject({ params: [{ name: '?1' }], cols: [], is_readonly: false });
    expect(d3.response.result).toMatchObject({ is_explain: true, is_readonly: true });
    expect(dup.type).toBe('error');

    const second = await pipeline(server.url, {
      baton: first.json.baton,
      requests: [{ type: 'close_sql', sql_id: 1 }, { type: 'execute', stmt: { sql_id: 1 } }, { type: 'close' }],
    });
    expect(second.json.results[0].type).toBe('ok');
    expect(second.json.results[1]).toMatchObject({ type: 'error', error: { code: 'SQL_NOT_FOUND' } });

    const other = await pipeline(server.url, { requests: [{ type: 'execute', stmt: { sql_id: 1 } }, { type: 'close' }] });
    expect(other.json.results[0].error.code).toBe('SQL_NOT_FOUND'); // not visible from another stream
  });

  it('reports autocommit state (get_autocommit)', async () => {
    const res = await pipeline(server.url, {
      requests: [{ type: 'get_autocommit' }, exec('begin'), { type: 'get_autocommit' }, exec('rollback'), { type: 'close' }],
    });
    const r = res.json.results;
    expect([r[0].response.is_autocommit, r[2].response.is_autocommit]).toEqual([true, false]);
  });

  it('renders infinite floats as JSON the client reads back', async () => {
    const res = await pipeline(server.url, { requests: [exec('select 1e999, -1e999'), { type: 'close' }] });
    expect(res.text).toContain('1e999');
    expect(res.json.results[0].response.result.rows[0]).toEqual([
      { type: 'float', value: Infinity },
      { type: 'float', value: -Infinity },
    ]);
  });
});
