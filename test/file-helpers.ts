/** Fixtures for upload tests: real file signatures built in the test, bucket look-ups, DB fault injection. */
import { env, exports } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { fixtureBytes, paddedImage } from '#worker/lib/image-size.fixtures.ts';
import { testDb, uniq } from '#test/helpers.ts';

export const bucket = () => (env as unknown as { UPLOADS: R2Bucket }).UPLOADS;
const text = (s: string) => new TextEncoder().encode(s);

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A real (stored, uncompressed) ZIP with the given entries: local headers, central directory, end record. */
export function makeZip(entries: [name: string, content: string][]): Uint8Array<ArrayBuffer> {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const n = text(name);
    const data = text(content);
    const local = new Uint8Array(30 + n.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, data.length, true);
    lv.setUint16(26, n.length, true);
    local.set(n, 30);
    const central = new Uint8Array(46 + n.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, data.length, true);
    cv.setUint16(28, n.length, true);
    cv.setUint32(42, offset, true);
    central.set(n, 46);
    locals.push(local, data);
    centrals.push(central);
    offset += local.length + data.length;
  }
  const cd = concat(centrals);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, cd.length, true);
  ev.setUint32(16, offset, true);
  return concat([...locals, cd, end]);
}

const padTo = (head: Uint8Array, size: number) => {
  const out = new Uint8Array(Math.max(size, head.length));
  out.set(head);
  return out;
};

export const FILES = {
  xlsx: () =>
    makeZip([
      ['[Content_Types].xml', '<Types/>'],
      ['_rels/.rels', '<Relationships/>'],
      ['xl/workbook.xml', '<workbook/>'],
      ['xl/worksheets/sheet1.xml', '<worksheet/>'],
    ]),
  docx: () =>
    makeZip([
      ['[Content_Types].xml', '<Types/>'],
      ['word/document.xml', '<document/>'],
    ]),
  zip: () => makeZip([['notes.txt', 'hello']]),
  xls: (size = 1024) => padTo(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), size),
  csv: () => text('name,belt\nLeo,white\nNina,yellow\n'),
  pdf: (size = 64) => padTo(text('%PDF-1.7\n%syllabus\n'), size),
  mp4: (size = 64) =>
    padTo(concat([new Uint8Array([0, 0, 0, 0x18]), text('ftypisom'), new Uint8Array([0, 0, 2, 0]), text('isomiso2')]), size),
  png: () => fixtureBytes('png9x8'),
  bigPng: (size: number) => paddedImage('png9x8', size),
  jpeg: () => fixtureBytes('jpegBaseline640x480'),
  webp: () => fixtureBytes('webpLossy5x4'),
  gif: () => fixtureBytes('gif7x6'),
  svg: () => text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  html: () => text('<!doctype html><script>alert(1)</script>'),
};

export const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type = 'application/octet-stream') => new File([bytes], name, { type });

/** A multipart form from plain fields (strings or lists) and files. */
export function formOf(fields: Record<string, string | string[]>, files: [field: string, file: File][] = []): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const value of Array.isArray(v) ? v : [v]) fd.append(k, value);
  for (const [k, f] of files) fd.append(k, f);
  return fd;
}

/** Every object under a prefix with its customMetadata (R2 lists in pages). */
export async function listObjects(prefix: string): Promise<R2Object[]> {
  const out: R2Object[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket().list({ prefix, include: ['customMetadata'], ...(cursor ? { cursor } : {}) });
    out.push(...page.objects);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out;
}

/** Keys of objects stored under a prefix with this original file name (names are made unique per test). */
export const keysNamed = async (prefix: string, filename: string) =>
  (await listObjects(prefix)).filter((o) => o.customMetadata?.filename === filename).map((o) => o.key);

export const exists = async (key: string) => (await bucket().head(key)) !== null;

/**
 * Makes the next INSERT or UPDATE of `table` whose title is `marker` fail inside the database, so a
 * test can check what a failed write leaves behind; other tests' rows are not affected.
 */
export async function failWritesTitled(table: string, when: 'INSERT' | 'UPDATE', marker: string): Promise<() => Promise<void>> {
  const name = `fail_${table}_${when.toLowerCase()}_${uniq()}`;
  const db = testDb();
  await db.run(
    sql.raw(
      `CREATE TRIGGER ${name} BEFORE ${when} ON ${table} WHEN NEW.title = '${marker.replace(/'/g, "''")}' BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
    ),
  );
  return async () => {
    await db.run(sql.raw(`DROP TRIGGER IF EXISTS ${name}`));
  };
}

/** The Worker's raw answer (for binary bodies, which api() would read as text). */
export async function fetchRaw(path: string, init: { token?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  return exports.default.fetch(new Request(`http://dojo.test${path}`, { headers }));
}
