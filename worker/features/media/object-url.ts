import { fileUrl } from '#worker/features/files/files.ts';

/** Demo content seeded without R2 stores a site path (`/images/…`) where uploads store an R2 key. */
export const isSitePath = (key: string) => key.startsWith('/');

/** The URL of a stored image: the served R2 object, or the seeded site path as it is. */
export const objectUrl = (key: string | null | undefined): string | null => (key && isSitePath(key) ? key : fileUrl(key));
