import { z } from 'zod';

export type Pagination = { page: number; limit: number; total: number; totalPages: number; hasMore: boolean };

/** A page/limit query with the call's defaults; out-of-range values are clamped, junk falls back to the default. */
export function pagingQuery(defaultLimit = 20, maxLimit = 100) {
  const int = (fallback: number, min: number, max: number) =>
    z.preprocess((v) => {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : NaN;
      return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.trunc(n))) : fallback;
    }, z.number().int());
  return z.object({ page: int(1, 1, 100_000), limit: int(defaultLimit, 1, maxLimit) });
}

export function pagination(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, totalPages, hasMore: page * limit < total };
}

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;
