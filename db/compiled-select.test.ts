import { eq, getTableColumns } from 'drizzle-orm';
import { blob, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from './client.ts';
import { compileFindById, tableReader } from './compiled-select.ts';
import type { HotReader } from './hot-read.ts';
import { runMigrations } from './migrate.ts';
import { users } from './schema/index.ts';
import { startTestServer, type TestServer } from './server/test-helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await runMigrations(server.url);
}, 60_000);

afterAll(() => server?.stop());

describe('compiled selects', () => {
  const findUser = compileFindById(users, users.id);

  it('returns exactly what Drizzle returns for the same row: booleans, dates, JSON and nulls mapped', async () => {
    const db = createDb({ url: server.url });
    await db.insert(users).values({
      id: 'u-1',
      email: 'quote"in@example.com',
      passwordHash: 'x',
      role: 'student',
      studentId: 'STU-9',
      emailVerified: true,
      profile: { firstName: 'Aiko', grade: '3rd kyu' },
    });
    const viaDrizzle = await db.select().from(users).where(eq(users.id, 'u-1')).get();
    const compiled = await findUser(db.$read, 'u-1');
    expect(viaDrizzle).toBeDefined();
    expect(compiled).toEqual(viaDrizzle);
    expect(compiled?.emailVerified).toBe(true);
    expect(compiled?.createdAt).toBeInstanceOf(Date);
  });

  it('answers undefined for an unknown id, and the id is a bound argument, not SQL', async () => {
    const db = createDb({ url: server.url });
    expect(await findUser(db.$read, 'nobody')).toBeUndefined();
    expect(await findUser(db.$read, "u-1' or '1'='1")).toBeUndefined();
  });

  it('names the row column with a short alias, so the reply does not echo the whole expression', async () => {
    const db = createDb({ url: server.url });
    const seen: string[] = [];
    const recording: HotReader = { execute: (sql, args) => (seen.push(sql), db.$read.execute(sql, args)) };
    expect((await findUser(recording, 'u-1'))?.id).toBe('u-1');
    expect(seen[0]).toMatch(/^select json_array\("id", "email", .*\) as "row" from "users" where "id" = \? limit 1$/);
  });
});

describe('tableReader', () => {
  it('names every column of the table, unqualified (one table per read), in the order it maps them', () => {
    const reader = tableReader(users);
    expect(reader.columnList.startsWith('"id", "email"')).toBe(true);
    expect(reader.columnList.split(', ')).toHaveLength(Object.keys(getTableColumns(users)).length);
    expect(tableReader(users)).toBe(reader); // compiled once per table
  });
  it('refuses a table with a blob column, whose rows JSON cannot carry', () => {
    const files = sqliteTable('files_with_blob', { id: text('id').primaryKey(), bytes: blob('bytes') });
    expect(() => tableReader(files)).toThrow('files_with_blob.bytes is a blob');
  });
});
