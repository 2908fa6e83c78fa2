/** Chart fixtures (not a test file itself). */
import { newId } from '#core/ids.ts';
import { organizationalCharts, type NewChartRow } from '#db/schema/index.ts';
import { testDb, uniq } from '#test/helpers.ts';
import { formOf, png, sendForm, tokenOf } from '#test/content-helpers.ts';

/** A chart row whose image key points at nothing (enough for reads and toggles). */
export async function seedChart(overrides: Partial<NewChartRow> = {}) {
  const row: NewChartRow = {
    id: newId(),
    title: `Chart ${uniq()}`,
    alt: 'Chart',
    imageKey: `charts/${newId()}.png`,
    mimeType: 'image/png',
    sizeBytes: 1,
    ...overrides,
  };
  return testDb().insert(organizationalCharts).values(row).returning().get();
}

/** A chart created through the API with a real PNG. */
export async function uploadChart(fields: Record<string, string> = {}) {
  const res = await sendForm(
    '/api/organizational-chart',
    formOf({ title: 'Dojo structure', alt: 'Chart of the dojo', ...fields }, { src: { bytes: await png(), name: `c-${uniq()}.png` } }),
    {
      token: await tokenOf('admin'),
    },
  );
  if (res.status !== 201) throw new Error(`chart upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { _id: string; src: string; title: string; featured: boolean };
}
