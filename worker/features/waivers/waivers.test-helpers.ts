/** Shared by the waiver tests (not a test file itself). */
import { exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import { api, createUser, testDb, uniq } from '#test/helpers.ts';
import { sha256Hex } from '#worker/lib/digest.ts';
import { fixtureBytes } from '#worker/lib/image-size.fixtures.ts';

export const SVG_SIGNATURE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><path d="M10 80 C 40 10, 65 10, 95 80 S 150 150, 180 80" fill="none" stroke="#000" stroke-width="2"/><path d="M200 50 L 280 60"/></svg>';

export const dataUrl = (mime: string, bytes: Uint8Array | string) =>
  `data:${mime};base64,${btoa(typeof bytes === 'string' ? bytes : String.fromCharCode(...bytes))}`;
export const svgUrl = (svg = SVG_SIGNATURE) => dataUrl('image/svg+xml', svg);
export const pngUrl = () => dataUrl('image/png', fixtureBytes('png9x8'));

export const WAIVER_BODY =
  '# Release of liability\n\nI understand that **karate** involves physical contact.\n\n- I train at my own risk.\n- I tell the instructor about injuries.\n';

export async function adminToken() {
  return (await createUser({ role: 'admin' })).token;
}

/** A published waiver (version 1) made through the API. */
export async function createWaiver(token: string, body = `${WAIVER_BODY}\n${uniq()}`, title = `Waiver ${uniq()}`) {
  const res = await api('/api/waivers', { method: 'POST', token, body: { title, body } });
  if (res.status !== 201) throw new Error(`waiver not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { _id: string; currentVersion: number; current: { body: string; bodySha256: string; version: number } };
}

export const sign = (token: string, documentId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api(`/api/waivers/${documentId}/sign`, { method: 'POST', token, body, headers });

/** A valid signing body for the text `body` (typed only unless `signature` is given). */
export async function signingBody(body: string, more: Record<string, unknown> = {}) {
  return { signedFor: 'me', typedName: 'Leo Tanaka', agree: true, textSha256: await sha256Hex(body), ...more };
}

export const userEmail = async (id: string) =>
  (await testDb().select({ email: users.email }).from(users).where(eq(users.id, id)).get())?.email;

/** A signed PDF as bytes (api() would read it as text). */
export async function download(url: string, token?: string) {
  const res = await exports.default.fetch(
    new Request(`http://dojo.test${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }),
  );
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
