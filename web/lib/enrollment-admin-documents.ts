import { DOCUMENT_TYPES } from '#core/enrollments/enrollment-options.ts';
import { fetchDocument } from '#web/lib/enrollment-documents.ts';

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

/** Opens an enrolment's uploaded document in a new tab: the bytes are fetched with the token and shown from a blob URL. */
export async function openDocument(url: string, name: string): Promise<void> {
  // The tab opens now, while the click still counts as the user's, and gets the file once it arrives.
  const tab = window.open('', '_blank');
  let res: Response;
  try {
    res = await fetchDocument(documentPath(url), 'Failed to open document');
  } catch (err) {
    tab?.close();
    throw err;
  }
  const blobUrl = URL.createObjectURL(new Blob([await res.arrayBuffer()], { type: shownType(res.headers.get('content-type')) }));
  if (tab) tab.location.href = blobUrl;
  else download(blobUrl, name);
  // The tab has loaded it by then; the URL is freed so the bytes do not stay in memory.
  setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
}
