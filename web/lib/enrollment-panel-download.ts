import { fetchDocument } from '#web/lib/enrollment-documents.ts';

/** The student's own enrolment document, fetched with the session and handed to the browser as a file. */
export async function openDocument(url: string, name: string): Promise<void> {
  const res = await fetchDocument(url, 'Failed to fetch document');
  const href = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href, download: name, rel: 'noopener' });
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the download a moment to start before the blob goes.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
