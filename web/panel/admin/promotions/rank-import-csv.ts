import { csvRecords, parseCsv } from '#core/csv.ts';
import { IMPORT_MAX_ROWS, ImportRowSchema, type ImportRow } from '#core/progression/ledger-input.ts';

export type { ImportRow };
/** A problem with one row (`row` counts from 0, as the API's `rows.<n>` does) or the whole paste (`row` null). */
export type ImportProblem = { row: number | null; column: string; message: string };

export const IMPORT_COLUMNS = ['studentId', 'email', 'program', 'rank', 'awardedOn', 'stripes', 'credits', 'note'] as const;
type Column = (typeof IMPORT_COLUMNS)[number];

const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
const ALIASES: Record<string, Column> = {
  ...Object.fromEntries(IMPORT_COLUMNS.map((c) => [squash(c), c])),
  student: 'studentId',
  id: 'studentId',
  mail: 'email',
  emailaddress: 'email',
  belt: 'rank',
  grade: 'rank',
  date: 'awardedOn',
  awarded: 'awardedOn',
  since: 'awardedOn',
  classes: 'credits',
  attendancecredits: 'credits',
  notes: 'note',
};

/**
 * A pasted CSV (a header row, then a row per award) as import rows, with what is wrong before anything is sent:
 * headers in any common spelling ("Student ID", "awarded_on", "Belt"), a person by student ID or e-mail, a day as
 * YYYY-MM-DD, whole numbers for stripes and credits, in the API's words (core's ImportRowSchema). Whether the person,
 * program and rank exist the server says.
 */
export function importRowsFromCsv(text: string): { rows: ImportRow[]; problems: ImportProblem[] } {
  const [header] = parseCsv(text);
  if (!header) return { rows: [], problems: [{ row: null, column: '', message: 'Paste a header row, then one row per award' }] };
  const problems: ImportProblem[] = [];
  const columns = new Map<string, Column>();
  for (const raw of header.map((h) => h.trim()).filter(Boolean)) {
    const column = ALIASES[squash(raw)];
    if (column) columns.set(raw, column);
    else problems.push({ row: null, column: raw, message: `Unknown column "${raw}": use ${IMPORT_COLUMNS.join(', ')}` });
  }
  const records = csvRecords(text);
  if (records.length > IMPORT_MAX_ROWS)
    problems.push({ row: null, column: '', message: `At most ${IMPORT_MAX_ROWS} rows at once: split the file (${records.length} rows)` });

  const rows = records.map((record, row) => {
    const raw: Record<string, string | number> = {};
    for (const [header, value] of Object.entries(record)) {
      const column = columns.get(header);
      // Whole numbers go as numbers; anything else is sent as written, so the row's check names it.
      if (column) raw[column] = (column === 'stripes' || column === 'credits') && /^\d{1,9}$/.test(value) ? Number(value) : value;
    }
    const parsed = ImportRowSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) problems.push({ row, column: String(issue.path[0] ?? ''), message: issue.message });
    return raw as unknown as ImportRow;
  });
  if (!rows.length && !problems.length) problems.push({ row: null, column: '', message: 'No rows under the header' });
  return { rows, problems };
}

/** The API's refusal (`errors: [{ field: 'rows.3.rank', message }]`) as problems of the preview's rows. */
export function problemsFromApi(errors: readonly { field?: string; path?: string; message: string }[]): ImportProblem[] {
  return errors.map((e) => {
    const m = /^rows\.(\d+)(?:\.(\w+))?/.exec(e.field ?? e.path ?? '');
    return m ? { row: Number(m[1]), column: m[2] ?? '', message: e.message } : { row: null, column: '', message: e.message };
  });
}
