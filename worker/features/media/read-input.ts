import { badRequest } from '#worker/lib/errors.ts';
import { MULTIPART_OVERHEAD_BYTES, parseMultipart, readLimitedBody } from '#worker/lib/uploads.ts';

/** A request body as plain fields plus the files it carried, whether it came as JSON or as form data. */
export type Input = { fields: Record<string, unknown>; files: Record<string, File[]>; multipart: boolean };

export const JSON_BODY_MAX_BYTES = 2 * 1024 * 1024;

const formKey = (key: string) => key.replace(/\[\]$/, '');

/** Form fields, a repeated name as an array (`tags[]` counts as `tags`); files grouped by field name. */
export function splitForm(form: FormData): Pick<Input, 'fields' | 'files'> {
  const fields = new Map<string, unknown>();
  const files = new Map<string, File[]>();
  for (const [rawKey, value] of form.entries()) {
    const key = formKey(rawKey);
    if (typeof value === 'string') {
      const prev = fields.get(key);
      fields.set(key, prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]);
    } else if ((value as File).size > 0 || (value as File).name) {
      files.set(key, [...(files.get(key) ?? []), value as File]);
    }
  }
  return { fields: Object.fromEntries(fields), files: Object.fromEntries(files) };
}

/**
 * Reads JSON, multipart or url-encoded bodies within `maxBytes` (413 with `tooLargeMessage` before
 * reading past it). JSON must be an object; an empty body counts as `{}`.
 */
export async function readInput(req: Request, opts: { maxBytes: number; tooLargeMessage: string }): Promise<Input> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const body = await readLimitedBody(req, opts.maxBytes + MULTIPART_OVERHEAD_BYTES, opts.tooLargeMessage);
    const form = await parseMultipart(body, req.headers.get('content-type') ?? undefined);
    if (!form) throw badRequest('Invalid form data');
    return { ...splitForm(form), multipart: true };
  }
  const body = await readLimitedBody(req, Math.min(opts.maxBytes, JSON_BODY_MAX_BYTES), 'Request body is too large');
  const text = new TextDecoder().decode(body);
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const form = new FormData();
    for (const [k, v] of new URLSearchParams(text)) form.append(k, v);
    return { ...splitForm(form), files: {}, multipart: false };
  }
  if (text.trim() === '') return { fields: {}, files: {}, multipart: false };
  if (type && !type.includes('json')) throw badRequest('Send the data as JSON or as form data');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('Invalid JSON in request body');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('Request body must be a JSON object');
  return { fields: parsed as Record<string, unknown>, files: {}, multipart: false };
}

/** The files sent under any of these field names, in order. */
export const filesOf = (input: Input, names: readonly string[]): File[] => names.flatMap((n) => input.files[n] ?? []);
