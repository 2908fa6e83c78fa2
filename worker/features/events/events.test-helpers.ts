/** Event fixtures for the events tests (not a test file itself). */
import { expect } from 'vitest';
import { daysFromNow, send } from '#test/catalog-helpers.ts';

export { daysFromNow };

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
