// The wire protocol, checked with raw HTTP requests.
import { createClient, LibsqlError } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exec, pipeline, startTestServer, type TestServer } from './test-helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('batons', () => {
  it('issues a fresh unguessable baton per response and rejects stale ones', async () => {
    const a = await pipeline(server.url, { baton: null, requests: [exec('select 1')] });
    const b1 = a.json.baton as string;
    expect(b1).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const b = await pipeline(server.url, { baton: b1, requests: [exec('select 2')] });
    expect(b.status).toBe(200);
    const b2 = b.json.baton as string;
    expect(b2).not.toBe(b1);

    const reused = await pipeline(server.url, { baton: b1, requests: [exec('select 3')] });
    expect(reused.status).toBe(400);
    expect(reused.json.code).toBe('BATON_REUSED');
    const forged = await pipeline(server.url, { baton: 'x'.repeat(32), requests: [exec('select 3')] });
    expect(forged.status).toBe(400);
    expect(forged.json.code).toBe('BATON_INVALID');

    const closed = await pipeline(server.url, { baton: b2, requests: [{ type: 'close' }] });
    expect(closed.json.baton).toBeNull();
    const afterClose = await pipeline(server.url, { baton: b2, requests: [exec('select 4')] });
    expect(afterClose.status).toBe(400);
    expect(afterClose.json.code).toBe('STREAM_CLOSED');
  });

  it('reports a request after close in the same pipeline as an error', async () => {
    const res = await pipeline(server.url, { requests: [{ type: 'close' }, exec('select 1')] });
    expect(res.json.results[1]).toMatchObject({ type: 'error', error: { code: 'STREAM_CLOSED' } });
    expect(res.json.baton).toBeNull();
  });
});

describe('authentication', () => {
  it('requires the bearer token when one is configured', async () => {
    const secured = await startTestServer({ authToken: 's3cret' });
    try {
      const body = { requests: [exec('select 1'), { type: 'close' }] };
      expect((await pipeline(secured.url, body)).status).toBe(401);
      expect((await pipeline(secured.url, body, { authorization: 'Bearer wrong' })).status).toBe(401);
      expect((await pipeline(secured.url, body, { authorization: 'Bearer s3cret' })).status).toBe(200);
      expect((await fetch(`${secured.url}/health`)).status).toBe(200);

      const good = createClient({ url: secured.url, authToken: 's3cret' });
      expect((await good.execute('select 1 as x')).rows[0]!.x).toBe(1);
      good.close();
      const bad = createClient({ url: secured.url, authToken: 'nope' });
      const err = await bad.execute('select 1').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LibsqlError);
      expect((err as LibsqlError).code).toBe('UNAUTHORIZED');
      bad.close();
    } finally {
      await secured.stop();
    }
  });
});
