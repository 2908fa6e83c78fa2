/** Testimonial fixtures (not a test file itself). */
import { newId } from '#core/ids.ts';
import { testimonials, type NewTestimonialRow } from '#db/schema/index.ts';
import { testDb, uniq } from '#test/helpers.ts';

export async function seedTestimonial(overrides: Partial<NewTestimonialRow> = {}) {
  const row: NewTestimonialRow = { id: newId(), name: `Parent ${uniq()}`, quote: 'Our son loves the classes.', ...overrides };
  return testDb().insert(testimonials).values(row).returning().get();
}
