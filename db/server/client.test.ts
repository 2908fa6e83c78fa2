// The server driven by the official client, exactly as the Worker uses it (web build).
import { createClient, LibsqlError, type Client } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-helpers.ts';

let server: TestServer;
let db: Client;

beforeAll(async () => {
  server = await startTestServer();
  db = createClient({ url: server.url, intMode: 'bigint' });
  await db.executeMultiple(`
    create table vals (id integer primary key, v, label text);
    create table members (id integer primary key, email text not null unique, belt text check (belt in ('white','black')));
    create table gradings (id integer primary key, member_id integer not null references members(id), rank text);
  `);
});

afterAll(async () => {
  db.close();
  await server.stop();
});

async function codeOf(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => expect.unreachable('expected a rejection'),
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(LibsqlError);
  return (e as LibsqlError).code;
}

function bytes(v: unknown): number[] {
  if (v instanceof ArrayBuffer) return [...new Uint8Array(v)];
  if (v instanceof Uint8Array) return [...v];
  throw new Error(`not binary: ${String(v)}`);
}

describe('values', () => {
  it('round-trips every value type exactly (intMode bigint)', async () => {
    const big = 2n ** 62n + 1n; // beyond 2^53
    const blob = new Uint8Array([0, 1, 2, 250, 255]);
    const text = 'héllo 🥋 空手道 "quoted" \\ \n';
    const rs = await db.execute({
      sql: 'select ? as n, ? as big, ? as neg, ? as min, ? as f, ? as nf, ? as t, ? as b, ? as ab',
      args: [null, big, -42n, -(2n ** 63n), 3.25, -0.5, text, blob, blob.buffer],
    });
    const row = rs.rows[0]!;
    expect(row.n).toBeNull();
    expect(row.big).toBe(big);
    expect(row.neg).toBe(-42n);
    expect(row.min).toBe(-(2n ** 63n));
    expect(row.f).toBe(3.25);
    expect(row.nf).toBe(-0.5);
    expect(row.t).toBe(text);
    expect(bytes(row.b)).toEqual([...blob]);
    expect(bytes(row.ab)).toEqual([...blob]);
  });

  it('keeps SQLite storage classes (integer vs real) through a table', async () => {
    await db.execute({ sql: 'insert into vals (id, v) values (1, ?), (2, ?), (3, ?)', args: [9007199254740993n, 1, 2.5] });
    const rs = await db.execute('select v, typeof(v) as t, label from vals order by id');
    expect(rs.rows.map((r) => [r.v, r.t])).toEqual([
      [9007199254740993n, 'integer'],
      [1, 'real'], // a JS number is a float in Hrana
      [2.5, 'real'],
    ]);
    expect(rs.columns).toEqual(['v', 't', 'label']);
    expect(rs.columnTypes).toEqual(['', '', 'TEXT']);
  });

  it('honours the other int modes', async () => {
    const asNumber = createClient({ url: server.url, intMode: 'number' });
    const asString = createClient({ url: server.url, intMode: 'string' });
    try {
      expect((await asNumber.execute('select 42 as x')).rows[0]!.x).toBe(42);
      await expect(asNumber.execute('select 9007199254740993 as x')).rejects.toThrow(RangeError);
      expect((await asString.execute('select 9007199254740993 as x')).rows[0]!.x).toBe('9007199254740993');
    } finally {
      asNumber.close();
      asString.close();
    }
  });

  it('returns exact 64-bit last insert rowids and affected row counts', async () => {
    const ins = await db.execute({ sql: 'insert into vals (id, v) values (?, 0)', args: [2n ** 60n + 7n] });
    expect(ins.lastInsertRowid).toBe(2n ** 60n + 7n);
    expect(ins.rowsAffected).toBe(1);
    const upd = await db.execute('update vals set v = v where id < 10');
    expect(upd.rowsAffected).toBe(3);
    const ret = await db.execute("insert into vals (v) values ('r1'), ('r2') returning v");
    expect(ret.rows.map((r) => r.v)).toEqual(['r1', 'r2']);
    expect(ret.rowsAffected).toBe(2);
    expect((await db.execute('select * from vals')).rowsAffected).toBe(0);
  });
});

describe('arguments', () => {
  it('binds positional and numbered arguments', async () => {
    const rs = await db.execute({ sql: 'select ? as a, ?3 as c, ?2 as b', args: ['A', 'B', 'C'] });
    expect(rs.rows[0]).toMatchObject({ a: 'A', b: 'B', c: 'C' });
  });

  it.each([':', '@', '$'])('binds named arguments with the %s prefix', async (p) => {
    const sql = `select ${p}name as n, ${p}num + 1 as m, ${p}name as again`;
    const plain = await db.execute({ sql, args: { name: 'kata', num: 41n } });
    expect(plain.rows[0]).toMatchObject({ n: 'kata', m: 42n, again: 'kata' });
    const prefixed = await db.execute({ sql, args: { [`${p}name`]: 'kumite', [`${p}num`]: 1n } });
    expect(prefixed.rows[0]).toMatchObject({ n: 'kumite', m: 2n });
  });

  it('rejects missing and surplus arguments like sqld', async () => {
    expect(await codeOf(db.execute({ sql: 'select ?, ?', args: [1n] }))).toBe('ARGS_INVALID');
    expect(await codeOf(db.execute({ sql: 'select ?', args: [1n, 2n] }))).toBe('ARGS_INVALID');
    expect(await codeOf(db.execute({ sql: 'select :a', args: { b: 1n } }))).toBe('ARGS_INVALID');
  });

  it('refuses several statements in one execute', async () => {
    expect(await codeOf(db.execute('select 1; select 2'))).toBe('SQL_MANY_STATEMENTS');
    expect(await codeOf(db.execute('  -- nothing '))).toBe('SQL_NO_STATEMENT');
  });
});

describe('errors carry the SQLite code', () => {
  it.each([
    ["insert into members (email) values ('dup@x'), ('dup@x')", 'SQLITE_CONSTRAINT_UNIQUE'],
    ['insert into members (email) values (null)', 'SQLITE_CONSTRAINT_NOTNULL'],
    ["insert into members (email, belt) values ('c@x', 'pink')", 'SQLITE_CONSTRAINT_CHECK'],
    ["insert into gradings (member_id, rank) values (999, 'shodan')", 'SQLITE_CONSTRAINT_FOREIGNKEY'],
    ['insert into vals (id) values (1)', 'SQLITE_CONSTRAINT_PRIMARYKEY'],
    ['select * from nowhere', 'SQLITE_ERROR'],
  ])('%s → %s', async (sql, code) => {
    expect(await codeOf(db.execute(sql))).toBe(code);
  });

  it('puts the SQLite message in the error', async () => {
    const err = await db.execute("insert into members (email) values ('m@x'), ('m@x')").catch((e: unknown) => e);
    expect((err as Error).message).toContain('UNIQUE constraint failed: members.email');
  });
});

describe('batches', () => {
  it("batch(…, 'write') is atomic: a later failure rolls back the earlier steps", async () => {
    const before = (await db.execute('select count(*) as c from members')).rows[0]!.c;
    const err = await db
      .batch(
        [
          { sql: 'insert into members (email) values (?)', args: ['a@dojo'] },
          { sql: 'insert into members (email) values (?)', args: ['b@dojo'] },
          { sql: 'insert into members (email) values (?)', args: ['a@dojo'] },
        ],
        'write',
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LibsqlError);
    expect((err as LibsqlError).code).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect((await db.execute('select count(*) as c from members')).rows[0]!.c).toBe(before);
    expect((await db.execute("select * from members where email in ('a@dojo','b@dojo')")).rows).toEqual([]);
  });

  it('returns every result of a successful batch', async () => {
    const rs = await db.batch(
      [{ sql: 'insert into members (email) values (?)', args: ['sensei@dojo'] }, "select email from members where email = 'sensei@dojo'"],
      'write',
    );
    expect(rs[0]!.rowsAffected).toBe(1);
    expect(rs[1]!.rows[0]!.email).toBe('sensei@dojo');
  });

  it('migrate() runs DDL and data in one transaction', async () => {
    await db.migrate([
      'create table dojo_styles (id integer primary key, name text not null)',
      "insert into dojo_styles (name) values ('shotokan')",
      'create index dojo_styles_name on dojo_styles (name)',
    ]);
    expect((await db.execute('select name from dojo_styles')).rows[0]!.name).toBe('shotokan');
    await expect(db.migrate(['create table dojo_bad (x)', 'create table dojo_styles (x)'])).rejects.toThrow();
    expect((await db.execute("select count(*) as c from sqlite_master where name = 'dojo_bad'")).rows[0]!.c).toBe(0n);
  });
});

describe('interactive transactions', () => {
  it('commits across several requests', async () => {
    const tx = await db.transaction('write');
    await tx.execute("insert into members (email) values ('t1@dojo')");
    const seen = await tx.execute("select count(*) as c from members where email like 't_@dojo'");
    expect(seen.rows[0]!.c).toBe(1n);
    await tx.batch(["insert into members (email) values ('t2@dojo')", "insert into members (email) values ('t3@dojo')"]);
    await tx.commit();
    expect((await db.execute("select count(*) as c from members where email like 't_@dojo'")).rows[0]!.c).toBe(3n);
  });

  it('rolls back across several requests', async () => {
    const tx = await db.transaction('write');
    await tx.execute("insert into members (email) values ('r1@dojo')");
    await tx.execute("insert into members (email) values ('r2@dojo')");
    await tx.rollback();
    expect((await db.execute("select count(*) as c from members where email like 'r_@dojo'")).rows[0]!.c).toBe(0n);
  });

  it('keeps the transaction usable after a failing statement', async () => {
    const tx = await db.transaction('write');
    await tx.execute("insert into members (email) values ('k1@dojo')");
    await expect(tx.execute("insert into members (email) values ('k1@dojo')")).rejects.toThrow(/UNIQUE/);
    await tx.execute("insert into members (email) values ('k2@dojo')");
    await tx.commit();
    expect((await db.execute("select count(*) as c from members where email like 'k_@dojo'")).rows[0]!.c).toBe(2n);
  });

  it("enforces transaction('read') as read-only", async () => {
    const tx = await db.transaction('read');
    expect((await tx.execute('select count(*) as c from members')).rows).toHaveLength(1);
    const err = await tx.execute("insert into members (email) values ('ro@dojo')").catch((e: unknown) => e);
    expect((err as LibsqlError).code).toMatch(/^SQLITE_READONLY/);
    await tx.rollback();
    // the connection is writable again for the next user
    await db.execute("insert into members (email) values ('after-ro@dojo')");
  });
});

describe('connection settings', () => {
  it('uses WAL, synchronous=FULL, foreign_keys=ON and busy_timeout=0 on every stream', async () => {
    const one = async (sql: string): Promise<unknown> => (await db.execute(sql)).rows[0]![0];
    expect(await one('pragma journal_mode')).toBe('wal');
    expect(await one('pragma synchronous')).toBe(2n); // FULL
    expect(await one('pragma foreign_keys')).toBe(1n);
    expect(await one('pragma busy_timeout')).toBe(0n);
    const tx = await db.transaction('write');
    expect((await tx.execute('pragma synchronous')).rows[0]![0]).toBe(2n);
    await tx.rollback();
  });
});

describe('stream isolation', () => {
  it('does not leak per-connection state from one stream to the next', async () => {
    for (let i = 0; i < 3; i++) {
      await db.execute('pragma foreign_keys = off');
      await db.execute('create temp table if not exists scratch (x)');
      expect(await codeOf(db.execute("insert into gradings (member_id, rank) values (12345, 'x')"))).toBe('SQLITE_CONSTRAINT_FOREIGNKEY');
      expect(await codeOf(db.execute('select * from temp.scratch'))).toBe('SQLITE_ERROR');
    }
  });

  it('keeps pragmas within one interactive transaction stream', async () => {
    const tx = await db.transaction('deferred');
    await tx.execute('pragma foreign_keys = off'); // a no-op inside a transaction, as in SQLite
    expect((await tx.execute('pragma foreign_keys')).rows[0]![0]).toBe(1n);
    await tx.rollback();
  });
});

describe('executeMultiple (sequence)', () => {
  it('runs several statements, trigger bodies included', async () => {
    await db.executeMultiple(`
      create table belts (member text, colour text);
      create table belt_log (line text);
      create trigger belts_log after insert on belts begin
        insert into belt_log values (new.member || ':' || new.colour);
        insert into belt_log values ('count=' || (select count(*) from belts));
      end;
      insert into belts values ('ana', 'white'); -- a comment; with a semicolon
      insert into belts values ('bo', 'black');
    `);
    const rs = await db.execute('select line from belt_log order by rowid');
    expect(rs.rows.map((r) => r.line)).toEqual(['ana:white', 'count=1', 'bo:black', 'count=2']);
  });

  it('stops at the first failing statement and reports its code', async () => {
    const err = await db
      .executeMultiple("insert into belts values ('c', 'x'); insert into nowhere values (1); insert into belts values ('d', 'y');")
      .catch((e: unknown) => e);
    expect((err as LibsqlError).code).toBe('SQLITE_ERROR');
    const rs = await db.execute("select member from belts where member in ('c', 'd')");
    expect(rs.rows.map((r) => r.member)).toEqual(['c']);
  });
});
