import { describe, expect, it } from 'vitest';
import { pagination, pagingQuery } from './paging.ts';

describe('paging', () => {
  it('applies defaults and clamps out-of-range values', () => {
    const q = pagingQuery(20, 100);
    expect(q.parse({})).toEqual({ page: 1, limit: 20 });
    expect(q.parse({ page: '3', limit: '500' })).toEqual({ page: 3, limit: 100 });
    expect(q.parse({ page: '-2', limit: 'abc' })).toEqual({ page: 1, limit: 20 });
  });
  it('computes total pages and whether more follow', () => {
    expect(pagination(1, 20, 45)).toEqual({ page: 1, limit: 20, total: 45, totalPages: 3, hasMore: true });
    expect(pagination(3, 20, 45).hasMore).toBe(false);
    // An empty list is one (empty) page: every list answers this, never totalPages 0.
    expect(pagination(1, 20, 0)).toEqual({ page: 1, limit: 20, total: 0, totalPages: 1, hasMore: false });
  });
});
