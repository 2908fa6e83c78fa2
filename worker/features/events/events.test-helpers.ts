/** Event fixtures for the events tests (not a test file itself). */
import { expect } from 'vitest';
import { send } from '#worker/features/courses/catalog.test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
/** An ISO date `days` from now (negative: in the past), at a whole second. */
export const daysFromNow = (days: number, hours = 0) =>
  new Date(Math.floor((Date.now() + days * DAY + hours * 3_600_000) / 1000) * 1000).toISOString();

export const eventBody = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: 'Open to all grades',
  startsAt: daysFromNow(10),
  endsAt: daysFromNow(10, 4),
  location: 'Main dojo',
  category: 'tournament',
  registrationUrl: 'https://example.test/register',
  ...extra,
});

export async function makeEvent(token: string, title: string, extra: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/events', token, eventBody(title, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.event as { _id: string; image: string | null; [k: string]: unknown };
}
