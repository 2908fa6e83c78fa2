/** Class fixtures for the classes tests (not a test file itself). */
import { expect } from 'vitest';
import { send } from '#test/catalog-helpers.ts';

export const classBody = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  dayOfWeek: 2,
  startTime: '17:00',
  endTime: '18:00',
  instructorName: 'Sensei Ito',
  level: 'beginner',
  location: 'Main dojo',
  ageGroup: '6–9',
  capacity: 20,
  ...extra,
});

export async function makeClass(token: string, title: string, extra: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/classes', token, classBody(title, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.class as { _id: string; [k: string]: unknown };
}
