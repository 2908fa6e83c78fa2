import { z } from 'zod';

/**
 * Field schemas that read the same value from JSON or from form data (where everything is a string):
 * booleans as true/false/1/0/on, numbers as digits, lists as arrays, JSON text or comma-separated text.
 */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** A repeated form field arrives as an array; a scalar field keeps its first value. */
const single = (v: unknown) => (Array.isArray(v) ? v[0] : v);

export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** Optional text, trimmed; a blank value is kept as '' so an update can clear it. */
export const optionalText = (label: string, max: number) =>
  z
    .preprocess(
      single,
      z
        .string({ error: `${label} must be text` })
        .trim()
        .max(max, tooLong(label, max)),
    )
    .optional();

/** Required text with the caller's message for a missing or blank value. */
export const requiredText = (required: string, max: number, maxMessage: string) =>
  z.preprocess(
    (v) => (blank(single(v)) ? undefined : single(v)),
    z.string({ error: required }).trim().min(1, required).max(max, maxMessage),
  );

export const booleanMessage = (field: string) => `${field} must be true or false`;

const TRUE = new Set(['true', '1', 'on', 'yes']);
const FALSE = new Set(['false', '0', 'off', 'no']);

export const formBool = (field: string) =>
  z
    .preprocess(
      (v) => {
        const s = single(v);
        if (typeof s !== 'string') return s;
        const t = s.trim().toLowerCase();
        return TRUE.has(t) ? true : FALSE.has(t) ? false : s;
      },
      z.boolean({ error: booleanMessage(field) }),
    )
    .optional();

/** A whole number in [min, max]; blank counts as not given. */
export const formInt = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => {
      const s = single(v);
      if (blank(s)) return undefined;
      if (typeof s === 'string' && /^\s*-?\d{1,9}\s*$/.test(s)) return Number(s);
      return s;
    },
    z.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );

export const TAGS_MESSAGE = 'Tags must be a list of words (at most 20, each up to 40 characters)';
const splitTags = (v: unknown): unknown => {
  if (blank(v)) return [];
  if (typeof v === 'string') {
    const s = v.trim();
    if (s.startsWith('[')) {
      try {
        return JSON.parse(s);
      } catch {
        return v;
      }
    }
    return s.split(/[,;|]/);
  }
  if (Array.isArray(v) && v.length === 1 && typeof v[0] === 'string' && /[,;|[]/.test(v[0])) return splitTags(v[0]);
  return v;
};

/** Tags: trimmed, lower-cased, blanks and duplicates dropped. */
export const tagsField = z
  .preprocess(
    splitTags,
    z.array(z.string({ error: TAGS_MESSAGE }).trim().toLowerCase().max(40, TAGS_MESSAGE), { error: TAGS_MESSAGE }).max(40, TAGS_MESSAGE),
  )
  .transform((tags) => [...new Set(tags.filter(Boolean))])
  .refine((tags) => tags.length <= 20, TAGS_MESSAGE)
  .optional();

/** http(s) only: `javascript:`, `data:` and friends are never stored, so they can never be rendered. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A link a page may render: an absolute http(s) URL or a site path like `/images/x.svg` (never `//host`). */
export const isSafeLink = (value: string) => isHttpUrl(value) || /^\/(?!\/)[^\s\\]*$/.test(value);

export const httpUrl = (message: string, max = 2048, accept: (v: string) => boolean = isHttpUrl) =>
  z.preprocess(single, z.string({ error: message }).trim().min(1, message).max(max, message).refine(accept, message));

/** A non-empty list of ids with the spec's message; duplicates dropped. */
export const idsField = (message: string) =>
  z
    .array(z.string({ error: message }).trim().min(1, message).max(64, message), { error: message })
    .min(1, message)
    .max(500, 'Too many IDs: at most 500 at a time')
    .transform((ids) => [...new Set(ids)]);
