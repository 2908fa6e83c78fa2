/** Shared by the settings tests (not a test file itself). */
import { env } from 'cloudflare:workers';
import { multipartForm } from '#test/fixtures/uploads.ts';
import { api } from '#test/helpers.ts';

export const bucket = () => (env as unknown as { UPLOADS: R2Bucket }).UPLOADS;
export const settingsObjects = async () => (await bucket().list({ prefix: 'settings/' })).objects.map((o) => o.key).sort();
export const keyOf = (url: string | null) => (url ? url.replace('/api/files/', '') : null);

export const putJson = (token: string, body: unknown) => api('/api/settings', { method: 'PUT', token, body });

export function settingsForm(
  fields: Record<string, string>,
  logo?: { bytes: Uint8Array<ArrayBuffer> | string; name?: string; type?: string },
) {
  const file = logo && { bytes: logo.bytes, name: logo.name ?? 'logo.png', type: logo.type ?? 'image/png' };
  return multipartForm(fields, file ? { logo: file } : {});
}

export const putForm = (token: string, form: FormData) => api('/api/settings', { method: 'PUT', token, raw: form });
