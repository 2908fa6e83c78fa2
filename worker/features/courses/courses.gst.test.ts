import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses } from '#db/schema/index.ts';
import { testDb } from '#test/helpers.ts';
import { asAdmin, send, tagged } from '#test/catalog-helpers.ts';
import { courseBody } from './courses.test-helpers.ts';

const row = (id: string) => testDb().select().from(courses).where(eq(courses.id, id)).get();

describe('course GST rate', () => {
  it('is set as a percent with up to 2 decimals, kept in basis points and sent back as a percent', async () => {
    const admin = await asAdmin();
    const created = await send('POST', '/api/courses', admin.token, courseBody(`${tagged()} Iaido`, { gstRate: '12.5' }));
    expect(created.status).toBe(201);
    expect(created.body.course.gstRate).toBe(12.5);
    expect((await row(created.body.course._id))!.gstRateBp).toBe(1250);
    const updated = await send('PUT', `/api/courses/${created.body.course._id}`, admin.token, { gstRate: 13 });
    expect(updated.body.course.gstRate).toBe(13);
    const untouched = await send('PUT', `/api/courses/${created.body.course._id}`, admin.token, { title: `${tagged()} Iaido 2` });
    expect(untouched.body.course.gstRate).toBe(13);
  });

  it.each([-1, 100.01, 5.555, 'abc'])('refuses %s with 400 in words', async (gstRate) => {
    const admin = await asAdmin();
    const res = await send('POST', '/api/courses', admin.token, courseBody(`${tagged()} Jodo`, { gstRate }));
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'GST rate must be a percentage between 0 and 100 with at most 2 decimals' },
    });
  });

  // A course created without a rate takes the school's default: settings.test.ts checks it, as the one file
  // that may change the shared settings row (read here, another file's change would race it).
});
