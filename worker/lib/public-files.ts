/**
 * Public objects in R2 live under these prefixes and are served by GET /api/files/<key>. Anything
 * private (syllabus materials) is kept under another prefix and served by its own feature's route.
 */
export const PUBLIC_PREFIXES = [
  'avatars',
  'assets',
  'charts',
  'testimonials',
  'seminars',
  'posts',
  'alliances',
  'uploads',
  'settings',
  'courses',
  'memberships',
  'events',
  'file-uploads',
  'media',
  'products',
] as const;
export type PublicPrefix = (typeof PUBLIC_PREFIXES)[number];

/** The URL a stored key is served at; null stays null so the client can show a placeholder. */
export const fileUrl = (key: string | null | undefined): string | null => (key ? `/api/files/${key}` : null);

/** Where a media-library item is seen: the served R2 object for an upload, the link itself otherwise. */
export const assetUrl = (a: { source: string; objectKey: string | null; externalUrlLink: string | null }): string | null =>
  a.source === 'upload' ? fileUrl(a.objectKey) : a.externalUrlLink;

export const isPublicKey = (key: string) => (PUBLIC_PREFIXES as readonly string[]).includes(key.split('/')[0] ?? '') && !key.includes('..');

/** Images and video may render in the page; everything else downloads (never inline HTML/SVG). */
export const INLINE_TYPES = /^(image\/(jpeg|png|webp|gif)|video\/(mp4|webm)|audio\/(mpeg|ogg))$/;
/** Demo content seeded without R2 stores a site path (`/images/…`) where uploads store an R2 key. */
export const isSitePath = (key: string) => key.startsWith('/');

/** The URL of a stored image: the served R2 object, or the seeded site path as it is. */
export const objectUrl = (key: string | null | undefined): string | null => (key && isSitePath(key) ? key : fileUrl(key));
