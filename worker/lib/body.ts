import { badRequest, unsupportedType } from './errors.ts';
import { MULTIPART_OVERHEAD_BYTES, parseMultipart, readLimitedBody } from './uploads.ts';

/**
 * The one reader of request bodies that are not a plain `validate('json', …)`: JSON, multipart or
 * url-encoded, read within a size limit, as plain fields (for zod) and the files by field name.
 */
export type RequestBody = { fields: Record<string, unknown>; files: Record<string, File[]>; multipart: boolean };

export type BodyOptions = {
  /** The largest multipart or url-encoded body: files and fields together (multipart boundaries get a margin on top). */
  maxBytes: number;
  tooLargeMessage: string;
  /** The largest JSON body; default min(maxBytes, JSON_MAX_BYTES). */
  jsonMaxBytes?: number;
  jsonTooLargeMessage?: string;
  /** 415 message for a body that is neither JSON nor a form. */
  wrongTypeMessage?: string;
};

/** The largest JSON body any route reads (the body-limit middleware holds every /api route to it). */
export const JSON_MAX_BYTES = 2 * 1024 * 1024;
export const BODY_TOO_LARGE = 'Request body is too large';
export const INVALID_JSON = 'Invalid JSON in request body';
export const WRONG_TYPE = 'Send the data as JSON or as multipart form data';
export const UNREADABLE_FORM = 'The form data could not be read';
const MAX_FIELDS = 1000;
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

export const isJsonType = (type: string) => type === '' || type.startsWith('application/json') || /^application\/[\w.-]+\+json/.test(type);

export async function readBody(req: Request, opts: BodyOptions): Promise<RequestBody> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const bytes = await readLimitedBody(req, opts.maxBytes + MULTIPART_OVERHEAD_BYTES, opts.tooLargeMessage);
    const form = await parseMultipart(bytes, req.headers.get('content-type') ?? undefined);
    if (!form) throw badRequest(UNREADABLE_FORM);
    return { ...splitForm(form), multipart: true };
  }
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const bytes = await readLimitedBody(req, opts.maxBytes, opts.tooLargeMessage);
    const form = new FormData();
    for (const [k, v] of new URLSearchParams(new TextDecoder().decode(bytes))) form.append(k, v);
    return { ...splitForm(form), multipart: false };
  }
  if (!isJsonType(type)) throw unsupportedType(opts.wrongTypeMessage ?? WRONG_TYPE);
  const max = opts.jsonMaxBytes ?? Math.min(opts.maxBytes, JSON_MAX_BYTES);
  const bytes = await readLimitedBody(req, max, opts.jsonTooLargeMessage ?? BODY_TOO_LARGE);
  return { fields: parseJson(bytes) as Record<string, unknown>, files: {}, multipart: false };
}

/** JSON text to a value; an empty body is `{}`. Whether it is an object is the schema's to say, in its words. */
export function parseJson(bytes: Uint8Array): unknown {
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(INVALID_JSON);
  }
}

/** Text fields as a plain object (see formToObject), files grouped by field name (`images[0]`, `images[]` → `images`). */
export function splitForm(form: FormData): Pick<RequestBody, 'fields' | 'files'> {
  const files: Record<string, File[]> = {};
  let count = 0;
  for (const [key, value] of form.entries()) {
    if (++count > MAX_FIELDS) throw badRequest('Too many form fields');
    if (typeof value === 'string') continue;
    const file = value as File;
    if (file.size === 0 && !file.name) continue; // a file input left empty still sends a part
    const name = key.replace(/\[[^\]]*\]$/, '');
    (files[name] ??= []).push(file);
  }
  return { fields: formToObject(form), files };
}

/** `plans[0][name]` → ['plans', '0', 'name']; `tags[]` → ['tags', '']; null for anything else. */
function keyPath(key: string): string[] | null {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return null;
  const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!)];
  return path.length <= 3 && path.every((p) => !UNSAFE_KEYS.has(p)) ? path : null;
}

const append = (target: Record<string, unknown>, key: string, value: unknown) => {
  const prev = target[key];
  target[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
};

/** An object whose keys are all indexes ("0", "1" …) becomes the array of its values in index order. */
const asArrayIfIndexed = (v: unknown): unknown => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const keys = Object.keys(v);
  if (!keys.length || !keys.every((k) => /^\d{1,4}$/.test(k))) return v;
  return keys.sort((a, b) => Number(a) - Number(b)).map((k) => (v as Record<string, unknown>)[k]);
};

/**
 * The text fields of a form as a plain object: repeated keys and `name[]` become arrays, `obj[key]`
 * an object, `list[i][field]` a list of objects (as the spec's externalLinks[i][title]). Files are left out.
 */
export function formToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    const path = keyPath(key);
    if (!path) continue;
    const [name, index, field] = path as [string, string | undefined, string | undefined];
    if (index === undefined || (index === '' && field === undefined)) {
      append(out, name, value);
      continue;
    }
    const group = (out[name] && typeof out[name] === 'object' && !Array.isArray(out[name]) ? out[name] : (out[name] = {})) as Record<
      string,
      unknown
    >;
    if (field === undefined) {
      group[index] = value;
      continue;
    }
    const item = (group[index] && typeof group[index] === 'object' ? group[index] : (group[index] = {})) as Record<string, unknown>;
    item[field] = value;
  }
  for (const key of Object.keys(out)) out[key] = asArrayIfIndexed(out[key]);
  return out;
}

/** The files sent under any of these field names, in order. */
export const filesOf = (body: RequestBody, names: readonly string[]): File[] => names.flatMap((n) => body.files[n] ?? []);

const itemRef = (item: unknown): string | undefined => {
  if (typeof item === 'string' || typeof item === 'number') return String(item);
  if (item && typeof item === 'object') {
    const o = item as Record<string, unknown>;
    for (const k of ['_id', 'id', 'key', 'url']) if (typeof o[k] === 'string') return o[k] as string;
  }
  return undefined;
};

/**
 * A list field as forms and JSON send it: repeated fields (`tags`, `tags[]`, `tags[0]`), a JSON list
 * (of text, or of objects with `_id`/`id`/`key`/`url`) or comma-separated text. Undefined when not
 * sent at all, an empty list when sent empty.
 */
export function listField(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const out: string[] = [];
  for (const raw of Array.isArray(value) ? value : [value]) {
    let items: unknown[] = [raw];
    if (typeof raw === 'string') {
      const v = raw.trim();
      items = v.split(',');
      if (v.startsWith('[') || v.startsWith('{')) {
        try {
          const parsed: unknown = JSON.parse(v);
          items = Array.isArray(parsed) ? parsed : [parsed];
        } catch {
          // not JSON: comma-separated text
        }
      }
    }
    for (const item of items) {
      const ref = itemRef(item)?.trim();
      if (ref) out.push(ref);
    }
  }
  return out;
}

/** The first value of a field sent once or repeated (`title=a&title=b` reads as "a"). */
export const firstValue = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);
