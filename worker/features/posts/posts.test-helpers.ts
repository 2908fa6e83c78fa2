/** Post fixtures (not a test file itself). */
import { newId } from '#core/ids.ts';
import { posts, type NewPostRow } from '#db/schema/index.ts';
import { testDb, uniq } from '#test/helpers.ts';

export async function seedPost(overrides: Partial<NewPostRow> = {}) {
  const id = newId();
  const row: NewPostRow = {
    id,
    title: `Post ${uniq()}`,
    slug: `post-${id}`,
    body: 'Body text',
    status: 'published',
    publishedAt: new Date(Date.now() - 60_000),
    ...overrides,
  };
  return testDb().insert(posts).values(row).returning().get();
}

export const tagged = () => `t${uniq()}`.toLowerCase();
