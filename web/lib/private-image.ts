import { readStored, STORAGE_KEYS } from '#web/lib/storage-keys.ts';

const SHOWN = /^image\/(jpeg|png|webp|gif)$/;

/**
 * A hidden post's image (draft or scheduled) answers 404 without the admin's token, which an <img> never
 * sends: the panel fetches it with the token and shows it from a blob URL. Null when that fails too.
 */
export async function privateImageUrl(src: string): Promise<string | null> {
  const token = readStored(STORAGE_KEYS.token);
  if (!token || !src.startsWith('/api/files/')) return null;
  try {
    const res = await fetch(src, { headers: { authorization: `Bearer ${token}` } });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !SHOWN.test(type)) return null;
    return URL.createObjectURL(new Blob([await res.arrayBuffer()], { type }));
  } catch {
    return null;
  }
}
