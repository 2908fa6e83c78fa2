import { z } from 'zod';
import { pagingQuery } from '#core/paging.ts';
import { firstOf, flag, idList, requiredText, text } from '#core/fields.ts';

/** Spec 5 "chart rules" with its exact words. */
export const CHART_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters',
  altRequired: 'Alt text is required',
  altTooLong: 'Alt text must be at most 300 characters',
  descriptionTooLong: 'Description must be at most 1000 characters',
  imageRequired: 'Image file is required',
  notFound: 'Organizational chart not found',
  idsRequired: 'Chart IDs array is required',
  created: 'Organizational chart created successfully',
  updated: 'Organizational chart updated successfully',
  deleted: 'Organizational chart deleted successfully',
} as const;

export const CHART_LIMITS = { title: 200, alt: 300, description: 1000 } as const;

/** Its too-long message is CHART_MESSAGES.descriptionTooLong. */
const description = firstOf(text('Description', CHART_LIMITS.description)).optional();

export const CreateChartSchema = z.object({
  title: firstOf(
    requiredText('Title', CHART_LIMITS.title, { required: CHART_MESSAGES.titleRequired, tooLong: CHART_MESSAGES.titleTooLong }),
  ),
  alt: firstOf(requiredText('Alt text', CHART_LIMITS.alt, { required: CHART_MESSAGES.altRequired, tooLong: CHART_MESSAGES.altTooLong })),
  description,
  featured: firstOf(flag('featured')).optional(),
});
export type CreateChartInput = z.output<typeof CreateChartSchema>;

/** Every field optional; a field that is sent obeys the create rules (a sent title cannot be blank). */
export const UpdateChartSchema = z.object({
  title: firstOf(
    requiredText('Title', CHART_LIMITS.title, { required: CHART_MESSAGES.titleRequired, tooLong: CHART_MESSAGES.titleTooLong }),
  ).optional(),
  alt: firstOf(
    requiredText('Alt text', CHART_LIMITS.alt, { required: CHART_MESSAGES.altRequired, tooLong: CHART_MESSAGES.altTooLong }),
  ).optional(),
  description,
  featured: firstOf(flag('featured')).optional(),
  existingSrc: z.unknown().optional(),
});
export type UpdateChartInput = z.output<typeof UpdateChartSchema>;

export const BulkDeleteChartsSchema = z.object({ chartIds: idList(CHART_MESSAGES.idsRequired, 64) }, { error: CHART_MESSAGES.idsRequired });

export const ListChartsQuery = pagingQuery(50, 100).extend({
  featured: z
    .enum(['true', 'false'], { error: 'featured must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
