import { z } from 'zod';
import { pagingQuery } from '#core/paging.ts';
import { formBool, formInt, idsField, optionalText, requiredText, tooLong } from './fields.ts';

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
  role: optionalText('Role', 150),
  rating: formInt(TESTIMONIAL_MESSAGES.rating, 1, 5),
  isActive: formBool('isActive'),
  featured: formBool('featured'),
  removePhoto: formBool('removePhoto'),
};

export const CreateTestimonialSchema = z.preprocess(
  aliases,
  z.object({
    name: requiredText(TESTIMONIAL_MESSAGES.nameRequired, 100, tooLong('Name', 100)),
    quote: requiredText(TESTIMONIAL_MESSAGES.quoteRequired, 2000, tooLong('Quote', 2000)),
    ...fields,
  }),
);
export type CreateTestimonialInput = z.output<typeof CreateTestimonialSchema>;

export const UpdateTestimonialSchema = z.preprocess(
  aliases,
  z.object({
    name: requiredText(TESTIMONIAL_MESSAGES.nameRequired, 100, tooLong('Name', 100)).optional(),
    quote: requiredText(TESTIMONIAL_MESSAGES.quoteRequired, 2000, tooLong('Quote', 2000)).optional(),
    ...fields,
  }),
);
export type UpdateTestimonialInput = z.output<typeof UpdateTestimonialSchema>;

export const BulkDeleteTestimonialsSchema = z.object(
  { testimonialIds: idsField(TESTIMONIAL_MESSAGES.idsRequired) },
  { error: TESTIMONIAL_MESSAGES.idsRequired },
);

const queryBool = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} must be true or false` })
    .transform((v) => v === 'true')
    .optional();

export const ListTestimonialsQuery = pagingQuery(20, 100).extend({ featured: queryBool('featured'), isActive: queryBool('isActive') });
