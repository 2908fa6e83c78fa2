/** Shared by the settings tests (not a test file itself). */
import { env } from 'cloudflare:workers';
import { api } from '#test/helpers.ts';

export const bucket = () => (env as unknown as { UPLOADS: R2Bucket }).UPLOADS;
export const settingsObjects = async () => (await bucket().list({ prefix: 'settings/' })).objects.map((o) => o.key).sort();
export const keyOf = (url: string | null) => (url ? url.replace('/api/files/', '') : null);

export const putJson = (token: string, body: unknown) => api('/api/settings', { method: 'PUT', token, body });

export function settingsForm(
  fields: Record<string, string>,
  logo?: { bytes: Uint8Array<ArrayBuffer> | string; name?: string; type?: string },
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (logo) fd.append('logo', new File([logo.bytes], logo.name ?? 'logo.png', { type: logo.type ?? 'image/png' }));
  return fd;
}

export const putForm = (token: string, form: FormData) => api('/api/settings', { method: 'PUT', token, raw: form });
