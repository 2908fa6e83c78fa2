import { z } from 'zod';
import { toCents } from '#core/money.ts';

/**
 * The field builders every input schema of `core/` uses. They read what JSON sends and what a form
 * sends (strings): `undefined` stays undefined (an update leaves the column alone). Messages derive
 * from the label unless the caller gives the spec's own words.
 */

export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;
export const booleanMessage = (label: string) => `${label} must be true or false`;

export const isBlank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');
/** A blank value (null or whitespace) becomes `empty`; undefined stays undefined. */
export const blankTo =
  (empty: null | undefined) =>
  (v: unknown): unknown =>
    v === undefined ? undefined : isBlank(v) ? empty : v;

/** A repeated form field or query key arrives as an array: the first value wins. */
export const firstOf = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (Array.isArray(v) ? v[0] : v), schema);

/** Trimmed text of at most `max` characters; a blank stays '' (so an update can clear it). */
export const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLong(label, max));

export const requiredText = (label: string, max: number, messages: { required?: string; tooLong?: string } = {}) => {
  const required = messages.required ?? `${label} is required`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, messages.tooLong ?? tooLong(label, max));
};

/** Optional text; blank or null clears it (stored as null). */
export const optionalText = (label: string, max: number) => z.preprocess(blankTo(null), text(label, max).nullable().optional());

const BOOL_WORDS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, on: true, off: false, yes: true, no: false };
const wordToBool = (v: unknown) => {
  const word = typeof v === 'string' ? v.trim().toLowerCase() : undefined;
  return word !== undefined && word in BOOL_WORDS ? BOOL_WORDS[word] : v;
};

/** A boolean, also read from a form's words (true/1/on/yes, false/0/off/no). */
export const flag = (label: string) => z.preprocess(wordToBool, jsonFlag(label));
/** A boolean of a JSON-only API: the strings "true" and "false" are refused. */
export const jsonFlag = (label: string) => z.boolean({ error: booleanMessage(label) });

export const MAX_MONEY = 999_999.99;

const toNumber = (v: unknown) => (typeof v === 'string' ? Number(v.trim()) : v);
const digitsToNumber = (v: unknown) => (typeof v === 'string' && /^\s*-?\d{1,9}\s*$/.test(v) ? Number(v) : v);

/** A decimal amount of money (49.99 or "49.99") → integer cents. */
export const moneyCents = (label: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: `${label} must be a number` })
      .min(0, `${label} must be 0 or more`)
      .max(MAX_MONEY, `${label} must not exceed ${MAX_MONEY}`)
      .transform(toCents),
  );

/** Optional money; blank or null means none. */
export const optionalMoneyCents = (label: string) => z.preprocess(blankTo(null), moneyCents(label).nullable().optional());

/**
 * A whole number in [min, max]. `message` replaces every label-derived message; `digitsOnly` reads
 * only plain digit strings (no "4.0", "1e1" or "0x4"), as the rating of a testimonial always has.
 */
export const wholeNumber = (
  label: string,
  min: number,
  max: number,
  { message, digitsOnly = false }: { message?: string; digitsOnly?: boolean } = {},
) =>
  z.preprocess(
    digitsOnly ? digitsToNumber : toNumber,
    z
      .number({ error: message ?? `${label} must be a whole number` })
      .int(message ?? `${label} must be a whole number`)
      .min(min, message ?? `${label} must be at least ${min}`)
      .max(max, message ?? `${label} must be at most ${max}`),
  );

export const optionalWholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(blankTo(null), wholeNumber(label, min, max).nullable().optional());

export function optionEnum<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(values, { error: message }));
}

export const currencyCode = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: 'Currency must be a 3-letter code such as CAD' }).regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter code such as CAD'),
);

/** The ids of a bulk call: a non-empty array of non-empty strings, de-duplicated. */
export const idList = (message: string, maxLength = 100) =>
  z
    .array(z.string({ error: message }).trim().min(1, message).max(maxLength, message), { error: message })
    .min(1, message)
    .max(500, 'Too many IDs: at most 500 at a time')
    .transform((ids) => [...new Set(ids)]);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const MIN_YEAR_MS = Date.UTC(2000, 0, 1);
const MAX_YEAR_MS = Date.UTC(2101, 0, 1);

/** Date.parse rolls 2026-02-30 over to March: the day must exist in its month, the time on the clock. */
function isRealCalendarDate(s: string): boolean {
  const [y, m, d, hh = 0, mm = 0, ss = 0] = (s.match(/\d+/g) ?? []).map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth && hh <= 23 && mm <= 59 && ss <= 59;
}

/** An ISO-8601 date or date-time ("2026-05-01", "2026-05-01T18:00:00Z"); without an offset it is UTC. */
export const isoDateTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .transform((s, ctx) => {
      const withZone = /T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(s) ? `${s}Z` : s;
      const ms = ISO_DATE.test(s) && isRealCalendarDate(s) ? Date.parse(withZone) : NaN;
      if (!Number.isFinite(ms) || ms < MIN_YEAR_MS || ms >= MAX_YEAR_MS) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a valid date (ISO 8601, e.g. 2026-05-01T18:00:00Z)` });
        return z.NEVER;
      }
      return new Date(ms);
    });

export const optionalIsoDateTime = (label: string) => z.preprocess(blankTo(null), isoDateTime(label).nullable().optional());
