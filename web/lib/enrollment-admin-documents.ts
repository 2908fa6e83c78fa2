import { DOCUMENT_TYPES } from '#core/enrollments/enrollment-options.ts';
import { ApiError, failureMessage, type ApiBody } from '#web/lib/api.ts';
import { readStored, STORAGE_KEYS } from '#web/lib/storage-keys.ts';

/** The API path of a document's `url` (served under /api; an absolute URL is kept). */
export const documentPath = (url: string) =>
  url.startsWith('/api/') || /^https?:\/\//.test(url) ? url : `/api${url.startsWith('/') ? '' : '/'}${url}`;

/** Only the kinds the API accepts (checked by their bytes on upload) are shown; anything else is handed over as a download. */
export function shownType(contentType: string | null): string {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return (DOCUMENT_TYPES as readonly string[]).includes(type) ? type : 'application/octet-stream';
}

/** A blocked pop-up: the file is saved instead, and the admin stays on the page. */
function download(href: string, name: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
}

/**
 * Opens an enrolment's uploaded document in a new tab. The API serves documents only to the owner and
 * the school, and reads who is asking from the Authorization header (no cookie), so a plain link would
 * be refused: the bytes are fetched with the token and shown from a blob URL.
 */
export async function openDocument(url: string, name: string): Promise<void> {
  const path = documentPath(url);
  const token = readStored(STORAGE_KEYS.token);
  // The tab opens now, while the click still counts as the user's, and gets the file once it arrives.
  const tab = window.open('', '_blank');
  let res: Response;
  try {
    res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    tab?.close();
    throw new ApiError('Failed to open document');
  }
  if (!res.ok) {
    tab?.close();
    const body = (await res.json().catch(() => null)) as Partial<ApiBody> | null;
    throw new ApiError(failureMessage(res, body, 'Failed to open document'), res.status);
  }
  const blobUrl = URL.createObjectURL(new Blob([await res.arrayBuffer()], { type: shownType(res.headers.get('content-type')) }));
  if (tab) tab.location.href = blobUrl;
  else download(blobUrl, name);
  // The tab has loaded it by then; the URL is freed so the bytes do not stay in memory.
  setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
}
