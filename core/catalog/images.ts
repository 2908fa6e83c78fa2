/** Catalog pictures (courses, memberships, events, seminars): spec 5's image rules, as for charts. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_FIELD = 'image';
export const IMAGE_MESSAGES = {
  wrongType: 'Only JPEG, PNG, and WebP images are allowed',
  tooLarge: 'Image size must not exceed 5MB',
} as const;
