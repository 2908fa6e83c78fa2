// Several clients at once: lock waits must not block the event loop, nothing may deadlock and
// no write may be lost.
import { createClient, LibsqlError, type Client } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startTestServer, type TestServer } from './test-helpers.ts';

let server: TestServer;
let a: Client;
let b: Client;

beforeAll(async () => {
  server = await startTestServer();
  a = createClient({ url: server.url, intMode: 'bigint' });
  b = createClient({ url: server.url, intMode: 'bigint' });
  await a.execute('create table log (id integer primary key, who text not null, n integer)');
});
afterAll(async () => {
  a.close();
  b.close();
  await server.stop();
});

const count = async (who: string): Promise<bigint> =>
  (await a.execute({ sql: 'select count(*) as c from log where who = ?', args: [who] })).rows[0]!.c as bigint;

describe('concurrency', () => {
  it('lets a second write transaction wait (without blocking the server) until the first commits', async () => {
    const txA = await a.transaction('write');
    await txA.execute("insert into log (who) values ('A1')"); // A now holds the write lock

    const txB = await b.transaction('write');
    let bStarted = false;
    const bDone = txB.execute("insert into log (who) values ('B1')").then(async () => {
      bStarted = true;
      await txB.execute("insert into log (who) values ('B2')");
      await txB.commit();
    });

    await sleep(100);
    expect(bStarted).toBe(false); // B's BEGIN IMMEDIATE is waiting for the lock…
    const t0 = performance.now();
    expect((await fetch(`${server.url}/health`)).status).toBe(200); // …without blocking the event loop
    expect((await a.execute("select count(*) as c from log where who like 'B%'")).rows[0]!.c).toBe(0n); // readers too
    expect(performance.now() - t0).toBeLessThan(500);

    await txA.execute("insert into log (who) values ('A2')"); // A continues through later HTTP requests
    await txA.commit();
    await bDone;
    expect(await count('A1')).toBe(1n);
    expect(await count('A2')).toBe(1n);
    expect(await count('B1')).toBe(1n);
    expect(await count('B2')).toBe(1n);
  }, 10_000);

  it('runs two interleaved interactive transactions on two clients to completion', async () => {
    const work = async (client: Client, who: string): Promise<void> => {
      const tx = await client.transaction('write');
      try {
        for (let i = 0; i < 5; i++) {
          await tx.execute({ sql: 'insert into log (who, n) values (?, ?)', args: [who, BigInt(i)] });
          await sleep(5);
        }
        await tx.commit();
      } finally {
        tx.close();
      }
    };
    const t0 = performance.now();
    await Promise.all([work(a, 'X'), work(b, 'Y'), work(a, 'Z')]);
    expect(performance.now() - t0).toBeLessThan(4_000);
    expect([await count('X'), await count('Y'), await count('Z')]).toEqual([5n, 5n, 5n]);
  }, 10_000);

  it('loses none of 200 concurrent inserts from two clients', async () => {
    const inserts = Array.from({ length: 200 }, (_, i) =>
      (i % 2 ? a : b).execute({ sql: "insert into log (who, n) values ('many', ?)", args: [BigInt(i)] }),
    );
    // a write transaction running meanwhile makes some of them wait for the lock
    const tx = await a.transaction('write');
    await tx.execute("insert into log (who) values ('meanwhile')");
    await sleep(50);
    await tx.commit();
    await Promise.all(inserts);
    expect(await count('many')).toBe(200n);
    const ns = (await a.execute("select n from log where who = 'many' order by n")).rows.map((r) => r.n);
    expect(ns).toEqual(Array.from({ length: 200 }, (_, i) => BigInt(i)));
  }, 10_000);

  it('lets default-mode (deferred) batches wait for the lock too', async () => {
    const tx = await a.transaction('write');
    await tx.execute("insert into log (who) values ('holder')");
    const batches = Array.from({ length: 10 }, (_, i) =>
      b.batch([{ sql: "insert into log (who, n) values ('deferred', ?)", args: [BigInt(i)] }, 'select 1']),
    );
    await sleep(50);
    await tx.commit();
    await Promise.all(batches);
    expect(await count('deferred')).toBe(10n);
  }, 10_000);

  it('gives up with SQLITE_BUSY when the lock is held past the busy timeout', async () => {
    const quick = await startTestServer({ busyTimeoutMs: 300 });
    const c1 = createClient({ url: quick.url });
    const c2 = createClient({ url: quick.url });
    try {
      await c1.execute('create table t (x)');
      const tx = await c1.transaction('write');
      await tx.execute('insert into t values (1)');
      const t0 = performance.now();
      const err = await c2.execute('insert into t values (2)').catch((e: unknown) => e);
      const waited = performance.now() - t0;
      expect(err).toBeInstanceOf(LibsqlError);
      expect((err as LibsqlError).code).toBe('SQLITE_BUSY');
      expect(waited).toBeGreaterThanOrEqual(250);
      expect(waited).toBeLessThan(2_000);
      await tx.commit();
      await c2.execute('insert into t values (3)');
      expect((await c1.execute('select x from t order by x')).rows.map((r) => r.x)).toEqual([1, 3]);
    } finally {
      c1.close();
      c2.close();
      await quick.stop();
    }
  });

  it('recovers a transaction whose statement gave up on the lock', async () => {
    const quick = await startTestServer({ busyTimeoutMs: 200 });
    const c1 = createClient({ url: quick.url });
    const c2 = createClient({ url: quick.url });
    try {
      await c1.execute('create table t (x)');
      const holder = await c1.transaction('write');
      await holder.execute('insert into t values (1)');
      const tx = await c2.transaction('deferred');
      await tx.execute('select count(*) from t');
      const err = await tx.execute('insert into t values (2)').catch((e: unknown) => e);
      expect((err as LibsqlError).code).toMatch(/^SQLITE_BUSY/);
      await holder.commit();
      await tx.rollback();
      // the connection that gave up must not poison later writes (e.g. through the pool)
      for (let i = 3; i <= 6; i++) await c2.execute({ sql: 'insert into t values (?)', args: [i] });
      const rows = (await c1.execute('select x from t order by x')).rows.map((r) => r.x);
      expect(rows).toEqual([1, 3, 4, 5, 6]);
      const again = await c1.transaction('write'); // and nobody holds the lock
      await again.execute('insert into t values (7)');
      await again.commit();
    } finally {
      c1.close();
      c2.close();
      await quick.stop();
    }
  });

  it('expires an idle stream, rolling back its transaction and releasing the lock', async () => {
    const quick = await startTestServer({ streamIdleMs: 200 });
    const c1 = createClient({ url: quick.url });
    const c2 = createClient({ url: quick.url });
    try {
      await c1.execute('create table t (x)');
      const tx = await c1.transaction('write');
      await tx.execute('insert into t values (1)');
      await sleep(600); // the client forgets about its transaction
      await c2.execute('insert into t values (2)'); // the lock is free again
      const err = await tx.execute('insert into t values (3)').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LibsqlError);
      expect((err as LibsqlError).code).toBe('STREAM_EXPIRED');
      expect((await c2.execute('select x from t')).rows.map((r) => r.x)).toEqual([2]);
      expect(quick.logs.some((l) => /expired.*rolled back/.test(l))).toBe(true);
    } finally {
      c1.close();
      c2.close();
      await quick.stop();
    }
  });

  it('closes streams left open when the server stops', async () => {
    const quick = await startTestServer();
    const c1 = createClient({ url: quick.url });
    await c1.execute('create table t (x)');
    const tx = await c1.transaction('write');
    await tx.execute('insert into t values (1)');
    await quick.close(); // must not hang on the open transaction
    c1.close();
    await quick.stop();
  });
});
