/** Alliance fixtures (not a test file itself). */
import { newId } from '#core/ids.ts';
import { alliances, type NewAllianceRow } from '#db/schema/index.ts';
import { testDb, uniq } from '#test/helpers.ts';

export async function seedAlliance(overrides: Partial<NewAllianceRow> = {}) {
  const row: NewAllianceRow = { id: newId(), name: `Alliance ${uniq()}`, country: 'Canada', ...overrides };
  return testDb().insert(alliances).values(row).returning().get();
}
