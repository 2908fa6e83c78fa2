import { z } from 'zod';
import { pagingQuery } from '#core/paging.ts';
import { blankTo, firstOf, flag, idList, requiredText, text, wholeNumber } from '#core/fields.ts';

export const TESTIMONIAL_MESSAGES = {
  nameRequired: 'Name is required',
  quoteRequired: 'Quote is required',
  rating: 'Rating must be a whole number from 1 to 5',
  notFound: 'Testimonial not found',
  idsRequired: 'Testimonial IDs array is required',
  created: 'Testimonial created successfully',
  updated: 'Testimonial updated successfully',
  deleted: 'Testimonial deleted successfully',
} as const;

/** Older clients send `title`/`designation` for the role and `message`/`content` for the quote. */
const aliases = (v: unknown) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const o = { ...(v as Record<string, unknown>) };
  o.role ??= o.title ?? o.designation;
  o.quote ??= o.message ?? o.content;
  return o;
};

const fields = {
  role: firstOf(text('Role', 150)).optional(),
  rating: firstOf(
    z.preprocess(blankTo(undefined), wholeNumber('Rating', 1, 5, { message: TESTIMONIAL_MESSAGES.rating, digitsOnly: true }).optional()),
  ),
  isActive: firstOf(flag('isActive')).optional(),
  featured: firstOf(flag('featured')).optional(),
  removePhoto: firstOf(flag('removePhoto')).optional(),
};

export const CreateTestimonialSchema = z.preprocess(
  aliases,
  z.object({
    name: firstOf(requiredText('Name', 100, { required: TESTIMONIAL_MESSAGES.nameRequired })),
    quote: firstOf(requiredText('Quote', 2000, { required: TESTIMONIAL_MESSAGES.quoteRequired })),
    ...fields,
  }),
);
export type CreateTestimonialInput = z.output<typeof CreateTestimonialSchema>;

export const UpdateTestimonialSchema = z.preprocess(
  aliases,
  z.object({
    name: firstOf(requiredText('Name', 100, { required: TESTIMONIAL_MESSAGES.nameRequired })).optional(),
    quote: firstOf(requiredText('Quote', 2000, { required: TESTIMONIAL_MESSAGES.quoteRequired })).optional(),
    ...fields,
  }),
);
export type UpdateTestimonialInput = z.output<typeof UpdateTestimonialSchema>;

export const BulkDeleteTestimonialsSchema = z.object(
  { testimonialIds: idList(TESTIMONIAL_MESSAGES.idsRequired, 64) },
  { error: TESTIMONIAL_MESSAGES.idsRequired },
);

const queryBool = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} must be true or false` })
    .transform((v) => v === 'true')
    .optional();

export const ListTestimonialsQuery = pagingQuery(20, 100).extend({ featured: queryBool('featured'), isActive: queryBool('isActive') });
