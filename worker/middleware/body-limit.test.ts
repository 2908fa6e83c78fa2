import { describe, expect, it } from 'vitest';
import { api, createUser, freshIp } from '#test/helpers.ts';
import { BODY_TOO_LARGE, JSON_MAX_BYTES } from '#worker/lib/body.ts';
import { jsonDepth, MAX_JSON_DEPTH, TOO_DEEP } from './body-limit.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const loginWith = (raw: BodyInit, headers: Record<string, string> = {}) =>
  api('/api/auth/login', {
    method: 'POST',
    raw,
    headers: { 'content-type': 'application/json', 'CF-Connecting-IP': freshIp(), ...headers },
  });

/** A body streamed in chunks with no Content-Length, so only counting while reading can stop it. */
function streamOf(totalBytes: number, chunk = 64 * 1024) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(chunk, totalBytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
}

describe('JSON body limit on every /api route', () => {
  it('refuses a 20 MB login body with 413 before parsing it', async () => {
    const body = new TextEncoder().encode(`{"email":"a@b.test","password":"${'x'.repeat(20 * 1024 * 1024)}"}`);
    const res = await loginWith(body);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', message: BODY_TOO_LARGE });
  });

  it('refuses a streamed body without Content-Length once it passes the limit', async () => {
    const res = await loginWith(streamOf(JSON_MAX_BYTES + 1024 * 1024));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(BODY_TOO_LARGE);
  });

  it('refuses JSON nested deeper than the limit with 400, on public and signed-in routes alike', async () => {
    const login = await loginWith(`{"email":${nested(MAX_JSON_DEPTH + 1)},"password":"x"}`);
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message: TOO_DEEP });
    const admin = await createUser({ role: 'admin' });
    const update = await api('/api/users/bulk', {
      method: 'PATCH',
      token: admin.token,
      raw: nested(5000),
      headers: { 'content-type': 'application/json' },
    });
    expect(update.status).toBe(400);
    expect(update.body.message).toBe(TOO_DEEP);
  });

  it('still reads ordinary JSON bodies after the check', async () => {
    const u = await createUser({ role: 'member' });
    const res = await loginWith(JSON.stringify({ email: u.email, password: u.password }));
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
  });
});

describe('jsonDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(jsonDepth(enc('{"a":[1,{"b":2}]}'))).toBe(3);
    expect(jsonDepth(enc('{"a":"[[[[{{{{","b":"\\"[[["}'))).toBe(1);
    expect(jsonDepth(enc(nested(30)))).toBe(30);
    expect(jsonDepth(enc('"plain"'))).toBe(0);
  });
});
