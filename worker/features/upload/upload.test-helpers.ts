/** Shared by the upload tests (not a test file itself). */
import { env } from 'cloudflare:workers';
import { multipartForm, type FilePart } from '#test/fixtures/uploads.ts';
import { api } from '#test/helpers.ts';

export const bucket = () => (env as unknown as { UPLOADS: R2Bucket }).UPLOADS;

export const uploadForm = (field: 'file' | 'files', parts: FilePart[], fields: Record<string, string> = {}) =>
  multipartForm(fields, { [field]: parts });

export const postSingle = (token: string | undefined, form: FormData) =>
  api('/api/upload/single', { method: 'POST', ...(token ? { token } : {}), raw: form });
export const postMultiple = (token: string | undefined, form: FormData) =>
  api('/api/upload/multiple', { method: 'POST', ...(token ? { token } : {}), raw: form });

/** Keys of every public object a given user uploaded through /api/upload (tagged in its metadata). */
export async function objectsBy(userId: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket().list({ include: ['customMetadata'], ...(cursor ? { cursor } : {}) });
    for (const o of page.objects) if (o.customMetadata?.uploadedBy === userId) keys.push(o.key);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}
