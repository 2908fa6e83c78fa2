import { z } from 'zod';
import { POST_STATUSES } from './post-options.ts';
import { pagingQuery } from '#core/paging.ts';
import { firstOf, flag, idList, requiredText, text } from '#core/fields.ts';
import { tagsField } from '#core/list-fields.ts';
import { SLUG_PATTERN } from '#core/slug.ts';

export const POST_MESSAGES = {
  titleRequired: 'Title is required',
  slug: 'Slug may only contain lowercase letters, numbers and single hyphens (at most 80 characters)',
  slugTaken: 'A post with this slug already exists',
  status: 'Status must be draft or published',
  publishedAt: 'Published date must be a valid date',
  notFound: 'Post not found',
  idsRequired: 'Post IDs array is required',
  created: 'Post created successfully',
  updated: 'Post updated successfully',
  deleted: 'Post deleted successfully',
} as const;

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const blankToNull = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v);

const slug = z
  .preprocess(
    one,
    z.string({ error: POST_MESSAGES.slug }).trim().toLowerCase().max(80, POST_MESSAGES.slug).regex(SLUG_PATTERN, POST_MESSAGES.slug),
  )
  .optional();
const status = z.preprocess(one, z.enum(POST_STATUSES, { error: POST_MESSAGES.status })).optional();
/** An ISO date (or epoch milliseconds); blank/null means "not set". */
const publishedAt = z
  .preprocess(
    (v) => blankToNull(one(v)),
    z
      .union([z.string().max(40), z.number()], { error: POST_MESSAGES.publishedAt })
      .nullable()
      .transform((v, ctx) => {
        if (v === null) return null;
        const d = new Date(v);
        if (Number.isNaN(d.getTime()) || d.getFullYear() < 1970 || d.getFullYear() > 9999) {
          ctx.issues.push({ code: 'custom', message: POST_MESSAGES.publishedAt, input: v });
          return z.NEVER;
        }
        return d;
      }),
  )
  .optional();

const fields = {
  slug,
  excerpt: firstOf(text('Excerpt', 500)).optional(),
  body: firstOf(text('Body', 100_000)).optional(),
  tags: tagsField,
  status,
  publishedAt,
  removeCoverImage: firstOf(flag('removeCoverImage')).optional(),
};

export const CreatePostSchema = z.object({
  title: firstOf(requiredText('Title', 200, { required: POST_MESSAGES.titleRequired })),
  ...fields,
});
export type CreatePostInput = z.output<typeof CreatePostSchema>;

export const UpdatePostSchema = z.object({
  title: firstOf(requiredText('Title', 200, { required: POST_MESSAGES.titleRequired })).optional(),
  ...fields,
});
export type UpdatePostInput = z.output<typeof UpdatePostSchema>;

export const BulkDeletePostsSchema = z.object({ postIds: idList(POST_MESSAGES.idsRequired, 64) }, { error: POST_MESSAGES.idsRequired });

export const ListPostsQuery = pagingQuery(10, 50).extend({
  tag: z.string().trim().toLowerCase().max(40).optional().catch(undefined),
  search: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(POST_STATUSES, { error: POST_MESSAGES.status }).optional(),
});
export type ListPostsQueryInput = z.output<typeof ListPostsQuery>;
