import { z } from 'zod';
import { toCents } from '#core/money.ts';

/**
 * Field builders shared by the catalog schemas (courses, memberships, classes, events, seminars).
 * Every field accepts what JSON sends and what a multipart form sends (strings), so one schema serves
 * both; `undefined` stays undefined (an update leaves the column alone) and a blank value clears it.
 */

export const isBlank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');
const blankTo =
  (empty: null | undefined) =>
  (v: unknown): unknown =>
    v === undefined ? undefined : isBlank(v) ? empty : v;

export const MAX_MONEY = 999_999.99;

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Optional text; blank or null clears it (stored as null). */
export const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankTo(null),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .nullable()
      .optional(),
  );

const toNumber = (v: unknown) => (typeof v === 'string' ? Number(v.trim()) : v);

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

export const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );

export const optionalWholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(blankTo(null), wholeNumber(label, min, max).nullable().optional());

const BOOL_WORDS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, on: true, off: false, yes: true, no: false };

export const flag = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim().toLowerCase() in BOOL_WORDS ? BOOL_WORDS[v.trim().toLowerCase()] : v),
    z.boolean({ error: `${label} must be true or false` }),
  );

/** A list of short texts: a JSON array, a JSON-encoded array string, or one item per line. */
export const textList = (label: string, maxItems: number, maxLength: number) =>
  z.preprocess(
    (v) => {
      if (v === undefined) return undefined;
      if (v === null) return [];
      if (typeof v !== 'string') return v;
      const s = v.trim();
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s);
        } catch {
          return v;
        }
      }
      return s.split(/\r?\n/);
    },
    z
      .array(
        z
          .string({ error: `${label} must be a list of texts` })
          .trim()
          .max(maxLength, `Each item of ${label} must be at most ${maxLength} characters`),
        {
          error: `${label} must be a list of texts`,
        },
      )
      .transform((items) => items.filter((s) => s !== ''))
      .refine((items) => items.length <= maxItems, `${label} can have at most ${maxItems} items`)
      .optional(),
  );

export function optionEnum<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(values, { error: message }));
}

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

/** Only http(s) links: `javascript:`, `data:` and the like are refused. */
export const httpUrl = (label: string) =>
  z.preprocess(
    blankTo(null),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(2000, `${label} must be at most 2000 characters`)
      .refine((s) => {
        try {
          const url = new URL(s);
          return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
        } catch {
          return false;
        }
      }, `${label} must be a valid http:// or https:// link`)
      .nullable()
      .optional(),
  );

export const currencyCode = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: 'Currency must be a 3-letter code such as CAD' }).regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter code such as CAD'),
);

/** The ids of a bulk call: a non-empty array of non-empty strings, de-duplicated. */
export const idList = (message: string) =>
  z
    .array(z.string({ error: message }).trim().min(1, message).max(100, message), { error: message })
    .min(1, message)
    .max(500, 'Too many IDs: at most 500 at a time')
    .transform((ids) => [...new Set(ids)]);
