/** Shared by the upload tests (not a test file itself). */
import { env } from 'cloudflare:workers';
import { api } from '#test/helpers.ts';

export const bucket = () => (env as unknown as { UPLOADS: R2Bucket }).UPLOADS;

type Part = { bytes: Uint8Array<ArrayBuffer> | string; name: string; type?: string };

export function uploadForm(field: 'file' | 'files', parts: Part[], fields: Record<string, string> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const p of parts) fd.append(field, new File([p.bytes], p.name, { type: p.type ?? 'application/octet-stream' }));
  return fd;
}

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
