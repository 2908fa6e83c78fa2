import type { TimeStatus } from './types.ts';

/** Where a dated item stands: not started yet, running now, or over. */
export function timeStatus(startsAt: Date, endsAt: Date, now = Date.now()): TimeStatus {
  if (endsAt.getTime() < now) return 'past';
  return startsAt.getTime() <= now ? 'ongoing' : 'upcoming';
}
