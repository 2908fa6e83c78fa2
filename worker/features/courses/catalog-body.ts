import { parseInput } from '#worker/lib/validate.ts';
import type { z, ZodType } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '#core/catalog/images.ts';
import { badRequest, type FieldError, unsupportedType } from '#worker/lib/errors.ts';
import { fileFromForm, MULTIPART_OVERHEAD_BYTES, parseMultipart, readLimitedBody } from '#worker/lib/uploads.ts';
import { checkImage, type CheckedImage } from './catalog-image.ts';

export const JSON_MAX_BYTES = 1024 * 1024;
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);
const MAX_FIELDS = 500;

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
 * The text fields of a multipart form as a plain object: repeated keys and `name[]` become arrays,
 * `list[i][field]` becomes a list of objects (as the spec's externalLinks[i][title]). Files are left out.
 */
export function formToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let count = 0;
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    if (++count > MAX_FIELDS) throw badRequest('Too many form fields');
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

const isJson = (type: string) => type === '' || type.startsWith('application/json') || /^application\/[\w.-]+\+json/.test(type);

/**
 * The body of a catalog create/update: JSON, or multipart form data with an optional image under
 * `image`. The size limit is enforced while reading; fields are validated before the image is checked.
 */
export async function readCatalogBody<S extends ZodType>(
  req: Request,
  schema: S,
  opts: { image?: boolean } = {},
): Promise<{ input: z.output<S>; image: CheckedImage | null }> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const bytes = await readLimitedBody(req, IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES, IMAGE_MESSAGES.tooLarge);
    const form = await parseMultipart(bytes, req.headers.get('content-type') ?? undefined);
    if (!form) throw badRequest('Invalid multipart form data');
    const input = parseInput(schema, formToObject(form));
    const image = opts.image ? await checkImage(fileFromForm(form, ['image'])) : null;
    return { input, image };
  }
  if (!isJson(type)) throw unsupportedType('Send the data as JSON or as multipart form data');
  const bytes = await readLimitedBody(req, JSON_MAX_BYTES, 'Request body is too large');
  const text = new TextDecoder().decode(bytes);
  let raw: unknown = {};
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch {
      throw badRequest('Invalid JSON in request body');
    }
  }
  return { input: parseInput(schema, raw), image: null };
}
