import type { PersonAttendanceView } from '#core/attendance/views.ts';
import { fromWallInput, localDay } from '#web/components/format.ts';
import { api } from '#web/lib/api.ts';

/** `YYYY-MM` keys of the `count` calendar months (in the school's zone) ending with this one, oldest first. */
export function lastMonths(count: number, zone: string, now = new Date()): string[] {
  const [y, m] = localDay(now, zone).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

const monthAfter = (key: string) => {
  const [y, m] = key.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The range of those months: from the first day of the first to the first day after the last, on the school's clock. */
export function monthsRange(months: readonly string[], zone: string) {
  return {
    from: fromWallInput(`${months[0]}-01T00:00`, zone) ?? '',
    to: fromWallInput(`${monthAfter(months.at(-1)!)}-01T00:00`, zone) ?? '',
  };
}

/** GET /attendance/my (`?for=` a guardian's child), or GET /users/:id/attendance for the school's user page. */
export const readAttendance = (
  userId: string | null,
  range: { from: string; to: string },
  signal?: AbortSignal,
  forUserId?: string | null,
) =>
  api<PersonAttendanceView>(userId ? `/users/${encodeURIComponent(userId)}/attendance` : '/attendance/my', {
    query: userId ? range : { ...range, for: forUserId },
    signal,
    fallback: 'Failed to fetch attendance',
  });
