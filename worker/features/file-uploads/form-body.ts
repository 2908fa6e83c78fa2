import type { z } from 'zod';
import { badRequest, unsupportedType, type FieldError } from '#worker/lib/errors.ts';
import { readLimitedBody } from '#worker/lib/uploads.ts';

/** A request's form, whatever it came as: text fields in order, files by field name (`images[0]` → `images`). */
export type FormBody = { fields: [string, string][]; files: Map<string, File[]> };

const MAX_FIELDS = 1000;
const MAX_JSON_BYTES = 256 * 1024;
const MAX_JSON_DEPTH = 4;

const TOO_MANY_FIELDS = 'Too many form fields';
const WRONG_TYPE = 'Send the form as multipart/form-data (or JSON without files)';
const baseName = (key: string) => key.replace(/\[[^\]]*\]$/, '');

/**
 * Reads a multipart, url-encoded or JSON body (JSON carries no files), refusing it with 413 as soon as
 * it passes `maxBytes`; a missing body is an empty form.
 */
export async function readFormBody(req: Request, maxBytes: number, tooLargeMessage: string): Promise<FormBody> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  const body: FormBody = { fields: [], files: new Map() };
  if (type.startsWith('application/json')) {
    const bytes = await readLimitedBody(req, Math.min(maxBytes, MAX_JSON_BYTES), 'The request body is too large');
    let parsed: unknown;
    try {
      parsed = bytes.length ? JSON.parse(new TextDecoder().decode(bytes)) : {};
    } catch {
      throw badRequest('Invalid JSON in request body');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('The request body must be an object');
    for (const [key, value] of Object.entries(parsed)) flatten(key, value, body.fields, 0);
  } else if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    const bytes = await readLimitedBody(req, maxBytes, tooLargeMessage);
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { 'content-type': req.headers.get('content-type')! } }).formData();
    } catch {
      throw badRequest('The form data could not be read');
    }
    let count = 0;
    for (const [key, value] of form.entries()) {
      if (++count > MAX_FIELDS) throw badRequest(TOO_MANY_FIELDS);
      if (typeof value === 'string') body.fields.push([key, value]);
      else {
        const name = baseName(key);
        body.files.set(name, [...(body.files.get(name) ?? []), value as File]);
      }
    }
  } else if (type || (req.body && (await readLimitedBody(req, 1024, WRONG_TYPE).catch(() => null))?.length !== 0)) {
    throw unsupportedType(WRONG_TYPE);
  }
  if (body.fields.length > MAX_FIELDS) throw badRequest(TOO_MANY_FIELDS);
  return body;
}

/** JSON to form fields: `{ a: { b: 1 } }` → `a[b]=1`, lists of objects indexed, lists of text repeated, `[]` → "". */
function flatten(key: string, value: unknown, out: [string, string][], depth: number) {
  if (out.length > MAX_FIELDS || depth > MAX_JSON_DEPTH) return;
  if (value === null || value === undefined) out.push([key, '']);
  else if (Array.isArray(value)) {
    if (!value.length) out.push([key, '']);
    value.forEach((item, i) =>
      item !== null && typeof item === 'object' ? flatten(`${key}[${i}]`, item, out, depth + 1) : flatten(key, item, out, depth + 1),
    );
  } else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(`${key}[${k}]`, v, out, depth + 1);
  else out.push([key, String(value)]);
}

/** The first value of a text field, if sent. */
export const textField = (body: FormBody, name: string): string | undefined => body.fields.find(([k]) => k === name)?.[1];

/** Files sent under `name`, `name[]` or `name[i]`. */
export const filesOf = (body: FormBody, name: string): File[] => body.files.get(name) ?? [];

const itemRef = (item: unknown): string | undefined => {
  if (typeof item === 'string' || typeof item === 'number') return String(item);
  if (item && typeof item === 'object') {
    const o = item as Record<string, unknown>;
    for (const k of ['_id', 'id', 'key', 'url']) if (typeof o[k] === 'string') return o[k] as string;
  }
  return undefined;
};

/**
 * A list field sent as repeated fields (`tags`, `tags[]`, `tags[0]`), a JSON list (of text, or of
 * objects with `_id`/`id`/`key`/`url`) or comma-separated text. Undefined when not sent at all,
 * an empty list when sent empty.
 */
export function listField(body: FormBody, name: string): string[] | undefined {
  const pattern = new RegExp(`^${name}(\\[\\d{0,4}\\])?$`);
  const values = body.fields.filter(([k]) => pattern.test(k)).map(([, v]) => v);
  if (!values.length) return undefined;
  const out: string[] = [];
  for (const raw of values) {
    const v = raw.trim();
    let items: unknown[] | undefined;
    if (v.startsWith('[') || v.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(v);
        items = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        items = undefined;
      }
    }
    for (const item of items ?? v.split(',')) {
      const ref = itemRef(item)?.trim();
      if (ref) out.push(ref);
    }
  }
  return out;
}

/** The named text fields of a form as an object (absent ones left out). */
export function pickFields(body: FormBody, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = textField(body, name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
