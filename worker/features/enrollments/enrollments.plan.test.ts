import { count, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseEnrollments } from '#db/schema/index.ts';
import { testDb } from '#test/helpers.ts';
import { viewSelect } from './enrollments.queries.ts';

/** The admin list's statements walk the indexes on (status, created_at) and (created_at), never a full sort of the table. */
async function plan(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const rows = await testDb().$client.execute({ sql: `explain query plan ${text}`, args: params as never });
  return rows.rows.map((r) => String(r.detail)).join(' | ');
}

describe('admin list query plans', () => {
  const db = testDb();
  const page = (where?: ReturnType<typeof eq>) =>
    viewSelect(db, where).orderBy(desc(courseEnrollments.createdAt), desc(courseEnrollments.id)).limit(10);

  it('page 1 without a filter walks (created_at)', async () => {
    const p = await plan(page());
    console.log(`[plan] page: ${p}`);
    expect(p).toMatch(/course_enrollments_created_idx/);
    expect(p).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
  });

  it('page 1 by status walks (status, created_at); counts by status use an index', async () => {
    const p = await plan(page(eq(courseEnrollments.status, 'active')));
    console.log(`[plan] page by status: ${p}`);
    expect(p).toMatch(/course_enrollments_status_created_idx/);
    const stats = await plan(
      db.select({ s: courseEnrollments.status, n: count() }).from(courseEnrollments).groupBy(courseEnrollments.status),
    );
    console.log(`[plan] stats: ${stats}`);
    expect(stats).toMatch(/COVERING INDEX course_enrollments_status_created_idx/);
    const total = await plan(
      db
        .select({ n: count() })
        .from(courseEnrollments)
        .where(sql`${courseEnrollments.status} = 'active'`),
    );
    expect(total).toMatch(/COVERING INDEX course_enrollments_status_created_idx/);
  });
});
