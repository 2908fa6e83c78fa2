/** Upload limits and their messages (spec 5 chart rules, applied to every image of the content areas). */
export const MB = 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * MB;
export const VIDEO_MAX_BYTES = 50 * MB;
/** Files in one multipart request (bulk upload, media attachments). */
export const MAX_FILES_PER_REQUEST = 20;
/** Items in one bulk JSON/CSV import, and the size of an import file. */
export const MAX_BULK_ITEMS = 500;
export const IMPORT_FILE_MAX_BYTES = 2 * MB;
/** A whole bulk-upload request: room for one video and a few images. */
export const BULK_UPLOAD_MAX_BYTES = 60 * MB;

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm'] as const;
export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const UPLOAD_MESSAGES = {
  imageType: 'Only JPEG, PNG, and WebP images are allowed',
  imageTooLarge: 'Image size must not exceed 5MB',
  mediaType: 'Only JPEG, PNG, and WebP images or MP4 and WebM videos are allowed',
  videoTooLarge: 'Video size must not exceed 50MB',
  requestTooLarge: 'Upload too large: images must not exceed 5MB and videos 50MB',
  bulkTooLarge: 'Upload too large: at most 60MB per request (images 5MB, videos 50MB each)',
  importTooLarge: 'Import file must not exceed 2MB',
  tooManyFiles: `Too many files: at most ${MAX_FILES_PER_REQUEST} at a time`,
  invalidMediaType: 'Media type must be image or video',
} as const;

/** What the admin upload inputs accept (the server checks the real bytes). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
export const MEDIA_ACCEPT = `${IMAGE_ACCEPT},video/mp4,video/webm`;
