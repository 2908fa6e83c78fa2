import { z } from 'zod';
import { LEVEL_MESSAGE, LEVELS } from './catalog-options.ts';
import { RESERVED_SLUGS, SLUG_PATTERN } from '#core/slug.ts';
import {
  currencyCode,
  flag,
  idList,
  moneyCents,
  optionalMoneyCents,
  optionalText,
  optionalWholeNumber,
  optionEnum,
  requiredText,
} from '#core/fields.ts';
import { textList } from '#core/list-fields.ts';
import { percentToBp } from '#core/enrollments/pricing.ts';
import { boolParam, enumParam, listQuery, searchParam, sortParam, textParam } from './query.ts';

export const COURSE_MESSAGES = {
  bodyObject: 'Request body must be an object',
  notFound: 'Course not found',
  idsRequired: 'Course IDs array is required',
  discountAbovePrice: 'Discount price cannot be greater than the price',
  slugTaken: 'A course with this slug already exists',
  slugFormat: 'Slug may contain only lowercase letters, digits and single dashes',
  slugReserved: 'This slug is reserved, please choose another one',
  nothingToUpdate: 'Nothing to update',
  created: 'Course created successfully',
  updated: 'Course updated successfully',
  deleted: 'Course deleted successfully',
  activated: 'Course activated successfully',
  deactivated: 'Course deactivated successfully',
  gstRate: 'GST rate must be a percentage between 0 and 100 with at most 2 decimals',
} as const;

/** GST on an enrolment as a percent (13 or "12.5", 2 decimals at most) → basis points, as products keep it. */
const gstRate = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
  z
    .number({ error: COURSE_MESSAGES.gstRate })
    .min(0, COURSE_MESSAGES.gstRate)
    .max(100, COURSE_MESSAGES.gstRate)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, COURSE_MESSAGES.gstRate)
    .transform(percentToBp),
);

export const DEFAULT_FEATURED_LIMIT = 6;
export const DEFAULT_COURSE_PAGE_SIZE = 20;

const slugField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .string({ error: COURSE_MESSAGES.slugFormat })
    .max(80, 'Slug must be at most 80 characters')
    .regex(SLUG_PATTERN, COURSE_MESSAGES.slugFormat)
    .refine((slug) => !(RESERVED_SLUGS as readonly string[]).includes(slug), COURSE_MESSAGES.slugReserved),
);

/** Every editable field; `price`/`discountPrice` arrive as decimals and leave as integer cents. */
const courseFields = {
  title: requiredText('Title', 200),
  slug: slugField.optional(),
  shortDescription: optionalText('Short description', 300),
  description: optionalText('Description', 10_000),
  category: optionalText('Category', 60),
  level: optionEnum(LEVELS, LEVEL_MESSAGE).optional(),
  instructorName: optionalText('Instructor name', 120),
  durationWeeks: optionalWholeNumber('Duration (weeks)', 1, 520),
  sessionsPerWeek: optionalWholeNumber('Sessions per week', 1, 14),
  schedule: optionalText('Schedule', 500),
  price: moneyCents('Price').optional(),
  discountPrice: optionalMoneyCents('Discount price'),
  currency: currencyCode.optional(),
  capacity: optionalWholeNumber('Capacity', 1, 100_000),
  gstRate: gstRate.optional(),
  featured: flag('Featured').optional(),
  isActive: flag('isActive').optional(),
  ageGroup: optionalText('Age group', 60),
  prerequisites: optionalText('Prerequisites', 2000),
  highlights: textList('Highlights', 30, 300),
};

const discountWithinPrice = (v: { price?: number | undefined; discountPrice?: number | null | undefined }, ctx: z.RefinementCtx) => {
  if (v.discountPrice != null && v.price !== undefined && v.discountPrice > v.price) {
    ctx.addIssue({ code: 'custom', path: ['discountPrice'], message: COURSE_MESSAGES.discountAbovePrice });
  }
};

export const CreateCourseSchema = z.object(courseFields, { error: COURSE_MESSAGES.bodyObject }).superRefine(discountWithinPrice);
export type CreateCourseInput = z.output<typeof CreateCourseSchema>;

export const UpdateCourseSchema = z
  .object(
    { ...courseFields, title: courseFields.title.optional(), removeImage: flag('removeImage').optional() },
    { error: COURSE_MESSAGES.bodyObject },
  )
  .superRefine(discountWithinPrice);
export type UpdateCourseInput = z.output<typeof UpdateCourseSchema>;

export const BulkDeleteCoursesSchema = z.object({ courseIds: idList(COURSE_MESSAGES.idsRequired) }, { error: COURSE_MESSAGES.idsRequired });

export const COURSE_SORT_FIELDS = ['createdAt', 'updatedAt', 'title', 'price', 'durationWeeks'] as const;
export type CourseSortField = (typeof COURSE_SORT_FIELDS)[number];

/** GET /api/courses and /api/courses/admin. `isActive` is honoured for admins only. */
export const ListCoursesQuery = listQuery(DEFAULT_COURSE_PAGE_SIZE).extend({
  search: searchParam,
  category: textParam('Category', 60),
  level: enumParam(LEVELS, LEVEL_MESSAGE),
  featured: boolParam('featured'),
  isActive: boolParam('isActive'),
  sort: sortParam(COURSE_SORT_FIELDS, { field: 'createdAt', direction: 'desc' }),
});
export type ListCoursesQueryInput = z.output<typeof ListCoursesQuery>;

export const FeaturedCoursesQuery = listQuery(DEFAULT_FEATURED_LIMIT, 50).pick({ limit: true });
