import { and, asc, desc, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { courses } from '#db/schema/index.ts';
import { testDb } from '#test/helpers.ts';
import { listPage } from './list.ts';

/** listPage reads rows through SQLite's JSON; what comes out must be exactly Drizzle's own select. */
describe('listPage', () => {
  const tag = `list-${newId()}`;
  const ids = [newId(), newId(), newId()];

  beforeAll(async () => {
    await testDb()
      .insert(courses)
      .values([
        {
          id: ids[0]!,
          title: `${tag} Alpha "quoted" ü`,
          slug: `${tag}-a`,
          priceCents: 4999,
          discountPriceCents: 3999,
          featured: true,
          highlights: ['kata', 'a "b"'],
        },
        {
          id: ids[1]!,
          title: `${tag} Beta`,
          slug: `${tag}-b`,
          description: 'line\nbreak, comma',
          capacity: 12,
          isActive: false,
          highlights: [],
        },
        { id: ids[2]!, title: `${tag} Gamma`, slug: `${tag}-c`, durationWeeks: 8, schedule: null, category: 'kids' },
      ]);
  });

  it('returns the same rows, in the same order, as a Drizzle select — nulls, booleans, dates and JSON columns included', async () => {
    const db = testDb();
    const where = like(courses.slug, `${tag}-%`);
    const orderBy = [desc(courses.title), desc(courses.id)];
    const page = await listPage(db, { table: courses, where, orderBy, page: 1, limit: 10 });
    const expected = await db
      .select()
      .from(courses)
      .where(where)
      .orderBy(...orderBy)
      .limit(10);
    expect(page.rows).toEqual(expected);
    expect(page.rows.map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(page.rows[2]?.highlights).toEqual(['kata', 'a "b"']);
    expect(page.rows[0]?.createdAt).toBeInstanceOf(Date);
    expect(page.pagination).toMatchObject({ total: 3 });
  });

  it('pages with the filter applied to both the rows and the total, and answers an empty page past the end', async () => {
    const db = testDb();
    const where = and(inArray(courses.id, ids), eq(courses.isActive, true));
    const first = await listPage(db, { table: courses, where, orderBy: [asc(courses.title), asc(courses.id)], page: 1, limit: 1 });
    const second = await listPage(db, { table: courses, where, orderBy: [asc(courses.title), asc(courses.id)], page: 2, limit: 1 });
    const past = await listPage(db, { table: courses, where, orderBy: [asc(courses.title), asc(courses.id)], page: 9, limit: 1 });
    expect(first.rows.map((r) => r.id)).toEqual([ids[0]]);
    expect(second.rows.map((r) => r.id)).toEqual([ids[2]]);
    expect(past.rows).toEqual([]);
    expect(past.pagination).toMatchObject({ total: 2 });
  });
});
