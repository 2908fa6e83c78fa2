import { z } from 'zod';
import { pagingQuery } from '#core/paging.ts';
import { firstOf, text } from '#core/fields.ts';
import { MEDIA_TYPES } from './limits.ts';

export const MEDIA_MESSAGES = {
  ownerId: 'Invalid owner ID',
  noFiles: 'Choose at least one image or video to upload',
  form: 'Upload the files as multipart form data (field "files")',
  notFound: 'Media item not found',
  uploaded: 'Media uploaded successfully',
  deleted: 'Media item deleted successfully',
} as const;

export const OWNER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const MediaOwnerParam = z.object({ ownerId: z.string().regex(OWNER_ID_PATTERN, MEDIA_MESSAGES.ownerId) });
export const MediaItemParam = MediaOwnerParam.extend({ mediaId: z.string().regex(OWNER_ID_PATTERN, 'Invalid media ID') });

/** Text sent beside the files; applies to every file of the request. */
export const UploadMediaSchema = z.object({
  altText: firstOf(text('Alt text', 300)).optional(),
  caption: firstOf(text('Caption', 500)).optional(),
});

export const ListMediaQuery = pagingQuery(50, 100).extend({
  mediaType: z.enum(MEDIA_TYPES, { error: 'Media type must be image or video' }).optional(),
});
