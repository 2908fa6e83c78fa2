/** Asset fixtures (not a test file itself). */
import { newId } from '#core/ids.ts';
import { assets, type NewAssetRow } from '#db/schema/index.ts';
import { testDb, uniq } from '#test/helpers.ts';

/** A unique tag: `?tag=<it>` lists only this test's assets. */
export const tagged = () => `t${uniq()}`.toLowerCase();

export async function seedAsset(overrides: Partial<NewAssetRow> = {}) {
  const row: NewAssetRow = {
    id: newId(),
    title: `Asset ${uniq()}`,
    mediaType: 'image',
    source: 'external',
    externalUrlLink: `https://cdn.example.test/${uniq()}.jpg`,
    ...overrides,
  };
  return testDb().insert(assets).values(row).returning().get();
}

export const external = (tag: string, extra: Record<string, unknown> = {}) => ({
  externalUrlLink: `https://cdn.example.test/${uniq()}.jpg`,
  mediaType: 'image',
  title: 'Kata at dawn',
  tags: [tag],
  ...extra,
});
