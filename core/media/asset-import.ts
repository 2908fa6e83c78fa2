import { csvRecords } from '#core/csv.ts';

/**
 * The asset descriptors of an import file: a JSON array, `{ "assets": [...] }`, or a CSV whose header
 * names the fields (externalUrlLink, mediaType, title, description, altText, featured, tags — tags
 * separated by `;` or `|` inside a CSV cell). Null when the text is neither.
 */
export function parseAssetImport(text: string, format: 'json' | 'csv'): unknown[] | null {
  if (format === 'csv') {
    const records = csvRecords(text);
    return records.length && records.some((r) => 'externalUrlLink' in r || 'mediaType' in r) ? records : null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  if (Array.isArray(parsed)) return parsed;
  if (parsed && typeof parsed === 'object' && Array.isArray((parsed as { assets?: unknown }).assets))
    return (parsed as { assets: unknown[] }).assets;
  return null;
}

/** Which import format a file is, by its name or declared type (its bytes are text, checked when parsed). */
export function importFormatOf(name: string, type: string): 'json' | 'csv' | null {
  if (/\.json$/i.test(name) || /^application\/json/i.test(type)) return 'json';
  if (/\.csv$/i.test(name) || /^text\/csv/i.test(type)) return 'csv';
  return null;
}
