/** A post's states, without zod, for the posts screen and the schemas alike. */
export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
