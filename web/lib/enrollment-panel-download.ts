import { ApiError, failureMessage } from './api.ts';
import { readStored, STORAGE_KEYS } from './storage-keys.ts';

/**
 * An enrolment document is an API path only its owner and the school may open, so a plain link (no
 * bearer token) would be refused: it is fetched with the session and handed to the browser as a file.
 */
export async function openDocument(url: string, name: string): Promise<void> {
  const token = readStored(STORAGE_KEYS.token);
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError('Failed to fetch document');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(failureMessage(res, body, 'Failed to fetch document'), res.status);
  }
  const href = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href, download: name, rel: 'noopener' });
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the download a moment to start before the blob goes.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
