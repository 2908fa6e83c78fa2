import { z } from 'zod';
import { pagingQuery } from '#core/paging.ts';

/** A repeated query key arrives as an array: the first value wins. */
export const param = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (Array.isArray(v) ? v[0] : v), schema);
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const SEARCH_TOO_LONG = 'Search term must be at most 100 characters long';

/** Optional free text of a query (search, category): blank means "no filter". */
export const textParam = (label: string, max: number) =>
  param(z.preprocess(blankToUndefined, z.string().trim().max(max, `${label} must be at most ${max} characters long`).optional()));

export const searchParam = param(z.preprocess(blankToUndefined, z.string().trim().max(100, SEARCH_TOO_LONG).optional()));

export const boolParam = (field: string) =>
  param(
    z.preprocess(
      blankToUndefined,
      z
        .enum(['true', 'false'], { error: `${field} must be true or false` })
        .transform((v) => v === 'true')
        .optional(),
    ),
  );

export const enumParam = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  param(
    z.preprocess(
      (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : v),
      z.enum(values, { error: message }).optional(),
    ),
  );

export type Sort<F extends string> = { field: F; direction: 'asc' | 'desc' };

/** `sort=title` (ascending) or `sort=-createdAt` (descending), among the fields given. */
export function sortParam<const F extends readonly [string, ...string[]]>(fields: F, fallback: Sort<F[number]>) {
  const message = `Invalid sort. Use one of: ${fields.join(', ')} (prefix with - for descending)`;
  return param(
    z.preprocess(
      blankToUndefined,
      z
        .string({ error: message })
        .trim()
        .transform((v, ctx): Sort<F[number]> => {
          const field = v.replace(/^[-+ ]/, '');
          if (!(fields as readonly string[]).includes(field)) {
            ctx.addIssue({ code: 'custom', message });
            return z.NEVER;
          }
          return { field: field as F[number], direction: v.startsWith('-') ? 'desc' : 'asc' };
        })
        .optional(),
    ),
  ).transform((v) => v ?? fallback);
}

/** page + limit with the call's defaults (junk falls back to the default, out of range is clamped). */
export const listQuery = (defaultLimit: number, maxLimit = 100) => pagingQuery(defaultLimit, maxLimit);

/** Which part of a dated list (events, seminars): still to come or ongoing, over, or everything. */
export const WHEN_VALUES = ['upcoming', 'past', 'all'] as const;
export type When = (typeof WHEN_VALUES)[number];
export const whenParam = (fallback: When) =>
  enumParam(WHEN_VALUES, 'When must be one of: upcoming, past, all').transform((v): When => v ?? fallback);
