/** CSV both ways (RFC 4180): reading an upload (asset import) and writing a download (reports). */

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF line ends; a BOM and blank lines are ignored. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** Rows as objects keyed by the (trimmed) header row; empty cells are left out. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const keys = header.map((h) => h.trim());
  return rows.map((cells) => {
    const record: Record<string, string> = {};
    keys.forEach((key, i) => {
      const value = cells[i]?.trim();
      if (key && value) record[key] = value;
    });
    return record;
  });
}

export type CsvCell = string | number | null | undefined;

/** A text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first): OWASP's "CSV injection". */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a number as written, null as empty, text behind a leading ' when it could start a formula,
 * and quoted (quotes doubled) when it holds a comma, a quote or a line break.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and the rows under it as one CSV text: CRLF line ends, a UTF-8 BOM so spreadsheets read accents right. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
