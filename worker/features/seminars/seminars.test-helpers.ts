/** Seminar fixtures for the seminars tests (not a test file itself). */
import { expect } from 'vitest';
import { send } from '#test/catalog-helpers.ts';
import { daysFromNow } from '#test/catalog-helpers.ts';

export { daysFromNow };

export const seminarBody = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: 'Two days of kata bunkai with a visiting master',
  instructor: 'Hanshi Okada',
  startsAt: daysFromNow(14),
  endsAt: daysFromNow(15),
  location: 'Main dojo',
  price: 150,
  capacity: 40,
  ...extra,
});

export async function makeSeminar(token: string, title: string, extra: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/seminars', token, seminarBody(title, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.seminar as { _id: string; image: string | null; [k: string]: unknown };
}
