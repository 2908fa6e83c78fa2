import { csvRecords, parseCsv } from '#core/csv.ts';

/** One row of `POST /api/ranks/import` (API-25): who (student ID or e-mail), which program and rank, when, and extras. */
export type ImportRow = {
  studentId?: string;
  email?: string;
  program: string;
  rank: string;
  awardedOn: string;
  stripes?: number;
  credits?: number;
  note?: string;
};
/** A problem with one row (`row` counts from 0, as the API's `rows.<n>` does) or the whole paste (`row` null). */
export type ImportProblem = { row: number | null; column: string; message: string };

export const IMPORT_LIMIT = 500;
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

function isDay(s: string) {
  const t = Date.parse(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
}

/**
 * A pasted CSV (a header row, then a row per award) as import rows, with what is wrong before anything is sent:
 * headers in any common spelling ("Student ID", "awarded_on", "Belt"), a person by student ID or e-mail, a day as
 * YYYY-MM-DD, whole numbers for stripes and credits. Whether the person, program and rank exist the server says.
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
  if (records.length > IMPORT_LIMIT)
    problems.push({ row: null, column: '', message: `At most ${IMPORT_LIMIT} rows at once: split the file (${records.length} rows)` });

  const rows = records.map((record, row) => {
    const cell: Partial<Record<Column, string>> = {};
    for (const [raw, value] of Object.entries(record)) {
      const column = columns.get(raw);
      if (column) cell[column] = value;
    }
    const problem = (column: Column, message: string) => problems.push({ row, column, message });
    if (!cell.studentId && !cell.email) problem('studentId', 'studentId or email is required');
    if (!cell.program) problem('program', 'program is required');
    if (!cell.rank) problem('rank', 'rank is required');
    if (!cell.awardedOn) problem('awardedOn', 'awardedOn is required');
    else if (!isDay(cell.awardedOn)) problem('awardedOn', 'awardedOn must be a date as YYYY-MM-DD');
    const out: ImportRow = { program: cell.program ?? '', rank: cell.rank ?? '', awardedOn: cell.awardedOn ?? '' };
    if (cell.studentId) out.studentId = cell.studentId;
    if (cell.email) out.email = cell.email;
    for (const key of ['stripes', 'credits'] as const) {
      const v = cell[key];
      if (v === undefined) continue;
      if (/^\d{1,5}$/.test(v)) out[key] = Number(v);
      else problem(key, `${key} must be a whole number`);
    }
    if (cell.note) out.note = cell.note;
    return out;
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
