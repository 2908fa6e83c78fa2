import type { Errors } from '#web/components/form-kit.tsx';
import { fromWallInput, toWallInput } from '#web/components/format.ts';
import type { FieldDef, FilesField, GroupField, ImageField, Item, SubField, UploadRules } from './types.ts';

/** Values as the inputs hold them: text as strings, checkboxes as booleans, files and groups as their own shapes. */
export type FileValue = { files: File[]; keep: string[]; remove: boolean };
export type GroupRow = Record<string, string | boolean>;
export type Value = string | boolean | FileValue | GroupRow[];
export type Values = Record<string, Value>;
export type Mode = 'create' | 'edit';

export const visibleFields = (fields: readonly FieldDef[], mode: Mode) => fields.filter((f) => !f.only || f.only === mode);

const pathGet = (item: Item, name: string): unknown =>
  name.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), item);

const blank = (f: SubField): string | boolean => (f.type === 'checkbox' ? (f.defaultValue ?? false) : (f.defaultValue ?? ''));

/** A stored value as its input holds it; a date-time on the clocks of `zone` (the school's), not the browser's. */
function scalar(f: SubField, raw: unknown, zone: string): string | boolean {
  if (raw === undefined || raw === null) return blank(f);
  if (f.type === 'checkbox') return raw === true;
  if (f.type === 'datetime') return toWallInput(raw, zone);
  return String(raw);
}

/** The form's starting values: the item's (editing) or the defaults (creating); date-times in `zone`. */
export function initialValues(fields: readonly FieldDef[], item: Item | null, zone: string): Values {
  const out: Values = {};
  for (const f of fields) {
    const raw = item ? (f.from ? f.from(item) : pathGet(item, f.name)) : undefined;
    if (f.type === 'image' || f.type === 'files') {
      const keep = item && f.type === 'files' && f.existing ? f.existing.from(item).map((e) => e.id) : [];
      out[f.name] = { files: [], keep, remove: false };
    } else if (f.type === 'list') {
      out[f.name] = Array.isArray(raw) ? raw.map(String).join('\n') : '';
    } else if (f.type === 'group') {
      const rows = Array.isArray(raw) ? (raw as Record<string, unknown>[]) : [];
      out[f.name] = rows.map((r) => {
        const row: GroupRow = {};
        for (const k of f.keep ?? []) row[k] = typeof r[k] === 'string' ? (r[k] as string) : '';
        for (const s of f.fields) row[s.name] = scalar(s, r[s.name], zone);
        return row;
      });
    } else {
      out[f.name] = scalar(f, raw, zone);
    }
  }
  return out;
}

export const emptyRow = (g: GroupField): GroupRow => Object.fromEntries(g.fields.map((s) => [s.name, blank(s)]));

const isBlank = (v: Value | undefined) => v === undefined || (typeof v === 'string' && v.trim() === '');
const required = (f: { label: string; requiredMessage?: string | undefined }) => f.requiredMessage ?? `${f.label} is required`;
const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10}MB`;

/** The file's problem against the field's rules (type by declared type and extension, size), or ''. */
export function fileProblem(file: File, rules: UploadRules): string {
  if (rules.types?.length) {
    const ext = file.name.includes('.') ? `.${file.name.split('.').pop()!.toLowerCase()}` : '';
    const ok = rules.types.some((t) => (t.startsWith('.') ? t === ext : t === file.type));
    if (!ok) return rules.typeMessage ?? 'This type of file is not allowed';
  }
  if (rules.maxBytes && file.size > rules.maxBytes) return rules.tooLargeMessage ?? `The file must not exceed ${mb(rules.maxBytes)}`;
  return '';
}

function checkScalar(f: SubField, v: Value | undefined, key: string, errors: Errors) {
  if (f.required && (isBlank(v) || v === false)) errors[key] = required(f);
  else if (typeof v === 'string' && v.trim() !== '') {
    if ((f.type === 'number' || f.type === 'money') && !Number.isFinite(Number(v))) errors[key] = `${f.label} must be a number`;
    else if ((f.type === 'number' || f.type === 'money') && f.min !== undefined && Number(v) < f.min)
      errors[key] = `${f.label} must be at least ${f.min}`;
    else if ((f.type === 'number' || f.type === 'money') && f.max !== undefined && Number(v) > f.max)
      errors[key] = `${f.label} must be at most ${f.max}`;
    else if ('maxLength' in f && f.maxLength && [...v.trim()].length > f.maxLength)
      errors[key] = `${f.label} must be at most ${f.maxLength} characters`;
  }
}

/** The checks the browser can make before sending; the server repeats them with the same words. */
export function validateValues(fields: readonly FieldDef[], values: Values, mode: Mode): Errors {
  const errors: Errors = {};
  for (const f of visibleFields(fields, mode)) {
    const v = values[f.name];
    if (f.type === 'image' || f.type === 'files') {
      const fv = v as FileValue;
      const problem = fv.files.map((file) => fileProblem(file, f.rules)).find(Boolean);
      if (problem) errors[f.name] = problem;
      else if (f.required && mode === 'create' && !fv.files.length) errors[f.name] = required(f);
    } else if (f.type === 'group') {
      (v as GroupRow[]).forEach((row, i) => f.fields.forEach((s) => checkScalar(s, row[s.name], `${f.name}.${i}.${s.name}`, errors)));
      if (f.required && !(v as GroupRow[]).length) errors[f.name] = required(f);
    } else if (f.type === 'list') {
      if (f.required && isBlank(v)) errors[f.name] = required(f);
    } else {
      checkScalar(f, v, f.name, errors);
    }
  }
  return errors;
}

function convert(f: SubField, v: Value | undefined, zone: string): unknown {
  if (f.type === 'checkbox') return v === true;
  const s = typeof v === 'string' ? v.trim() : '';
  if (s === '') return f.blank === 'null' ? null : f.blank === 'empty' ? '' : undefined;
  if (f.type === 'number' || f.type === 'money') return Number(s);
  if (f.type === 'datetime') return fromWallInput(s, zone) ?? s;
  return s;
}

const lines = (v: Value | undefined) =>
  typeof v === 'string'
    ? v
        .split(/\r?\n/)
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

function setPath(target: Record<string, unknown>, name: string, value: unknown) {
  const keys = name.split('.');
  let node = target;
  for (const k of keys.slice(0, -1)) node = (node[k] && typeof node[k] === 'object' ? node[k] : (node[k] = {})) as Record<string, unknown>;
  node[keys[keys.length - 1]!] = value;
}

export type Payload = { json: Record<string, unknown>; files: { name: string; file: File }[] };

/** The values as the API reads them (date-times read on the clocks of `zone`); files are listed apart (they force a multipart request). */
export function buildPayload(fields: readonly FieldDef[], values: Values, mode: Mode, zone: string): Payload {
  const json: Record<string, unknown> = {};
  const files: Payload['files'] = [];
  for (const f of visibleFields(fields, mode)) {
    const v = values[f.name];
    if (f.type === 'image' || f.type === 'files') {
      const fv = v as FileValue;
      for (const file of fv.files) files.push({ name: f.name, file });
      if (f.type === 'image' && (f as ImageField).removeFlag && fv.remove && !fv.files.length) json[(f as ImageField).removeFlag!] = true;
      const existing = (f as FilesField).existing;
      if (mode === 'edit' && existing) json[existing.keepName] = existing.single ? (fv.keep[0] ?? '') : fv.keep;
    } else if (f.type === 'list') {
      json[f.name] = lines(v);
    } else if (f.type === 'group') {
      json[f.name] = (v as GroupRow[]).map((row) => {
        const out: Record<string, unknown> = {};
        for (const k of f.keep ?? []) if (row[k]) out[k] = row[k];
        for (const s of f.fields) {
          const c = convert(s, row[s.name], zone);
          if (c !== undefined) out[s.name] = c;
        }
        return out;
      });
    } else {
      const c = convert(f, v, zone);
      if (c !== undefined) setPath(json, f.name, c);
    }
  }
  return { json, files };
}

/** The same payload as multipart fields: nested objects as `a[b]`, lists and groups as JSON text. */
export function toFormData(payload: Payload): FormData {
  const form = new FormData();
  const add = (key: string, v: unknown) => {
    if (v === undefined) return;
    if (v === null) form.append(key, '');
    else if (Array.isArray(v)) form.append(key, JSON.stringify(v));
    else if (typeof v === 'object') for (const [k, inner] of Object.entries(v)) add(`${key}[${k}]`, inner);
    else form.append(key, String(v));
  };
  for (const [k, v] of Object.entries(payload.json)) add(k, v);
  for (const { name, file } of payload.files) form.append(name, file, file.name);
  return form;
}

/** Field keys the form can show an error next to, e.g. `title`, `contact.email`, `plans.0.name`. */
export function errorKeys(fields: readonly FieldDef[], values: Values): Set<string> {
  const keys = new Set<string>();
  for (const f of fields) {
    keys.add(f.name);
    if (f.type === 'files' && f.existing) keys.add(f.existing.keepName);
    if (f.type === 'group') (values[f.name] as GroupRow[]).forEach((_, i) => f.fields.forEach((s) => keys.add(`${f.name}.${i}.${s.name}`)));
  }
  return keys;
}

/** A server error path (`plans.0.price`, `files.2`, `contact.email`) → the nearest field that can show it. */
export function fieldForPath(path: string, keys: Set<string>, fields: readonly FieldDef[]): string | null {
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const key = parts.slice(0, n).join('.');
    if (keys.has(key)) {
      const keepOf = fields.find((f) => f.type === 'files' && f.existing?.keepName === key);
      return keepOf ? keepOf.name : key;
    }
  }
  return null;
}
