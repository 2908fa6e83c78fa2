import { tooLarge } from './errors.ts';
import { partHeaders } from '#worker/lib/byte-range.ts';

export type SniffedType = { mime: string; ext: string };

const startsWith = (bytes: Uint8Array, sig: readonly number[], offset = 0) =>
  bytes.length >= offset + sig.length && sig.every((b, i) => bytes[offset + i] === b);

const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/** The real type of a file from its first bytes (magic numbers), never from its name or declared type. */
export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { mime: 'image/webp', ext: 'webp' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { mime: 'image/gif', ext: 'gif' };
  if (startsWith(bytes, ascii('%PDF-'))) return { mime: 'application/pdf', ext: 'pdf' };
  if (startsWith(bytes, ascii('ftyp'), 4) && MP4_BRANDS.includes(String.fromCharCode(...bytes.subarray(8, 12)))) return MP4;
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && isWebmDocType(bytes.subarray(4, 64))) return { mime: 'video/webm', ext: 'webm' };
  // OLE compound file: the container of .xls (also of the old .doc/.ppt, which callers accepting xls take as such).
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { mime: 'application/vnd.ms-excel', ext: 'xls' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeZipType(bytes);
  return null;
}

const OOXML_PARTS: readonly [string, SniffedType][] = [
  ['xl/', { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' }],
  ['word/', { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' }],
];

/** An Office Open XML file is a ZIP with entries under `xl/` (xlsx) or `word/` (docx); any other ZIP is refused. */
function officeZipType(bytes: Uint8Array): SniffedType | null {
  for (const name of zipEntryNames(bytes)) for (const [prefix, type] of OOXML_PARTS) if (name.startsWith(prefix)) return { ...type };
  return null;
}

/** Entry names from the ZIP's central directory (at its end), else from the local headers at its start. */
function zipEntryNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const name = (at: number, len: number) => (at + len <= bytes.length ? new TextDecoder().decode(bytes.subarray(at, at + len)) : '');
  const names: string[] = [];
  for (let i = bytes.length - 22; i >= 0 && i >= bytes.length - 22 - 0xffff; i--) {
    if (u32(i) !== 0x06054b50) continue;
    let at = u32(i + 16);
    for (let n = 0; n < u16(i + 10) && n < 5000 && at + 46 <= bytes.length && u32(at) === 0x02014b50; n++) {
      names.push(name(at + 46, u16(at + 28)));
      at += 46 + u16(at + 28) + u16(at + 30) + u16(at + 32);
    }
    break;
  }
  if (names.length) return names;
  for (let at = 0, n = 0; n < 1000 && at + 30 <= bytes.length && u32(at) === 0x04034b50; n++) {
    names.push(name(at + 30, u16(at + 26)));
    if (u16(at + 6) & 0x08) break; // sizes come after the data: the next header cannot be found from here
    at += 30 + u16(at + 26) + u16(at + 28) + u32(at + 18);
  }
  return names;
}

/** ISO-BMFF major brands of MP4 video (not QuickTime `qt  `, nor HEIF/AVIF images, which share the box). */
const MP4_BRANDS = ['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4VP', 'dash', 'mmp4', 'MSNV'];
const MP4: SniffedType = { mime: 'video/mp4', ext: 'mp4' };

/** A WebM file is an EBML document whose DocType element (0x42 0x82) says "webm" (Matroska says "matroska"). */
function isWebmDocType(header: Uint8Array): boolean {
  for (let i = 0; i + 6 < header.length; i++) {
    if (header[i] === 0x42 && header[i + 1] === 0x82) return String.fromCharCode(...header.subarray(i + 3, i + 7)) === 'webm';
  }
  return false;
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Room for multipart boundaries and part headers around a file of the allowed size. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads a request body, refusing (413) as soon as it is known to exceed `maxBytes`: first by its
 * Content-Length, then while streaming, so a lying or absent length cannot make us buffer more than the limit.
 * A refused body no larger than twice the limit is read to its end and thrown away, never kept: a client
 * that sends the whole body before reading the answer (Node's fetch) otherwise meets a closed socket (EPIPE)
 * instead of the 413. Past that bound the connection is cut without reading further. A body without a
 * length (streamed) is drained at most UNSIZED_DRAIN_BYTES past the limit: it promised nothing.
 */
export async function readLimitedBody(req: Request, maxBytes: number, message: string): Promise<Uint8Array<ArrayBuffer>> {
  const drainBound = 2 * maxBytes;
  const unsizedBound = Math.min(drainBound, maxBytes + UNSIZED_DRAIN_BYTES);
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    if (declared <= drainBound && req.body) await discard(req.body.getReader(), 0, drainBound);
    throw tooLarge(message);
  }
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await discard(reader, size, Number.isFinite(declared) ? drainBound : unsizedBound);
      throw tooLarge(message);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

const UNSIZED_DRAIN_BYTES = 1024 * 1024;

/** Reads and drops the rest of a body while the total stays within `bound`; cancels it past that. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, seen: number, bound: number): Promise<void> {
  while (seen <= bound) {
    const { done, value } = await reader.read();
    if (done) return;
    seen += value.byteLength;
  }
  await reader.cancel().catch(() => {});
}

/** Parses an already size-checked multipart body; null when it is not valid multipart. */
export async function parseMultipart(bytes: Uint8Array<ArrayBuffer>, contentType: string | undefined): Promise<FormData | null> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) return null;
  try {
    return await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return null;
  }
}

/** The first uploaded file under any of the given field names. */
export function fileFromForm(form: FormData, fields: readonly string[]): File | null {
  for (const field of fields) {
    for (const value of form.getAll(field)) if (typeof value !== 'string') return value as File;
  }
  return null;
}

/** Only these render inline; anything else (SVG, HTML, unknown) is a download, never a page of our origin. */
const SAFE_INLINE = /^(image\/(jpeg|png|webp|gif)|application\/pdf)$/i;

/** Keys are server-made and never change content, so objects are cached for good and never sniffed. */
export function serveObject(object: R2ObjectBody, ranged = false): Response {
  const headers = new Headers();
  headers.set('content-type', object.httpMetadata?.contentType ?? 'application/octet-stream');
  headers.set('content-length', String(object.size));
  headers.set('etag', object.httpEtag);
  headers.set('cache-control', 'public, max-age=31536000, immutable');
  headers.set('x-content-type-options', 'nosniff');
  headers.set('content-disposition', SAFE_INLINE.test(headers.get('content-type')!) ? 'inline' : 'attachment');
  headers.set('accept-ranges', 'bytes');
  if (ranged) partHeaders(headers, object);
  return new Response(object.body, { status: ranged ? 206 : 200, headers });
}
