import { z } from 'zod';
import { pagingQuery } from '#core/paging.ts';
import { ENQUIRY_STATUSES } from './enquiry-options.ts';
import { ENQUIRY_MESSAGES } from './enquiry-schemas.ts';

/** Spec 5 and 9: the named lists, each with its default and allowed range. */
export const ENQUIRY_LIST_LIMITS = {
  recent: { default: 10, max: 100 },
  new: { default: 50, max: 200 },
  unresolved: { default: 100, max: 500 },
} as const;

/** A repeated query key arrives as an array: the first value wins. */
const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');

/** `?limit=` of a named list: absent means the default; anything outside 1–max is refused, not clamped. */
export function namedListQuery(list: keyof typeof ENQUIRY_LIST_LIMITS) {
  const { default: fallback, max } = ENQUIRY_LIST_LIMITS[list];
  const message = `Limit must be a whole number between 1 and ${max}`;
  return z.object({
    limit: z.preprocess(
      (v) => (blank(first(v)) ? fallback : first(v)),
      z
        .union(
          [
            z.number(),
            z
              .string()
              .trim()
              .regex(/^\d{1,6}$/, message)
              .transform(Number),
          ],
          { error: message },
        )
        .pipe(z.number().int(message).min(1, message).max(max, message)),
    ),
  });
}

/** GET /api/enquiries: status and search filters, paging (default 20, at most 100), newest first. */
export const ListEnquiriesQuery = pagingQuery(20, 100).extend({
  status: z.preprocess(
    (v) => (blank(first(v)) || first(v) === 'all' ? undefined : first(v)),
    z.enum(ENQUIRY_STATUSES, { error: ENQUIRY_MESSAGES.invalidStatus }).optional(),
  ),
  search: z.preprocess(
    (v) => (blank(first(v)) ? undefined : first(v)),
    z.string().trim().max(200, 'Search term must be at most 200 characters').optional(),
  ),
  spam: z.preprocess((v) => first(v) === 'true', z.boolean()),
});
export type ListEnquiriesQueryInput = z.output<typeof ListEnquiriesQuery>;
