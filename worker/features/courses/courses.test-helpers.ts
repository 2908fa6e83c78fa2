/** Course fixtures for the courses tests (not a test file itself). */
import { expect } from 'vitest';
import { send } from '#test/catalog-helpers.ts';

export const courseBody = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  shortDescription: 'Fundamentals of stance, blocks and strikes',
  category: 'Kids',
  level: 'beginner',
  instructorName: 'Sensei Mori',
  durationWeeks: 12,
  sessionsPerWeek: 2,
  schedule: 'Tue & Thu 17:00–18:00',
  price: 120,
  ageGroup: '6–9',
  highlights: ['Belt grading included'],
  ...extra,
});

/** Creates a course through the API as the given admin and answers its JSON. */
export async function makeCourse(token: string, title: string, extra: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/courses', token, courseBody(title, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.course as { _id: string; slug: string; [k: string]: unknown };
}
