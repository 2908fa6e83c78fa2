import { describe, expect, it } from 'vitest';
import { api, createUser, freshIp } from '#test/helpers.ts';
import { BODY_TOO_LARGE, JSON_MAX_BYTES } from '#worker/lib/body.ts';
import { MULTIPART_OVERHEAD_BYTES } from '#worker/lib/uploads.ts';
import { jsonDepth, MAX_JSON_DEPTH, PAGE_BODY_MAX_BYTES, TOO_DEEP } from './body-limit.ts';

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

/** A multipart body that never ends unless the server stops reading; `pulled` says how much it was asked for. */
function endlessMultipart(chunk = 64 * 1024) {
  const head = new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\n\r\n');
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = counter.pulled === 0 ? head : new Uint8Array(chunk).fill(0x61);
      counter.pulled += part.byteLength;
      controller.enqueue(part);
    },
  });
  return { stream, counter };
}

const MIB = 1024 * 1024;
const routes = [
  { name: 'a payment webhook', path: '/api/payments/webhooks/stripe', bound: MIB + MULTIPART_OVERHEAD_BYTES },
  { name: 'the sandbox checkout page', path: '/pay/sandbox/no-such-session', bound: PAGE_BODY_MAX_BYTES + MULTIPART_OVERHEAD_BYTES },
  { name: 'a page form', path: '/contact', bound: PAGE_BODY_MAX_BYTES + MULTIPART_OVERHEAD_BYTES },
  { name: 'a JSON API route', path: '/api/auth/login', bound: JSON_MAX_BYTES + MULTIPART_OVERHEAD_BYTES },
];

describe('multipart body bound on every route', () => {
  for (const route of routes) {
    for (const sized of [true, false]) {
      it(`refuses an endless multipart body to ${route.name} with 413 ${sized ? 'by its Content-Length' : 'once it passes the bound'}`, async () => {
        const { stream, counter } = endlessMultipart();
        const headers: Record<string, string> = { 'content-type': 'multipart/form-data; boundary=b', 'CF-Connecting-IP': freshIp() };
        if (sized) headers['content-length'] = String(95 * MIB);
        const res = await api(route.path, { method: 'POST', raw: stream, headers });
        expect(res.status).toBe(413);
        expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
        // A declared length past the bound is refused unread; an unsized body is cut soon after the bound.
        expect(counter.pulled).toBeLessThanOrEqual(sized ? 256 * 1024 : route.bound + MIB + 256 * 1024);
      });
    }
  }
  it('lets an upload route read past the default bound up to its own, then cuts it with its message', async () => {
    const admin = await createUser({ role: 'admin' });
    const { stream, counter } = endlessMultipart();
    const res = await api('/api/upload/single', {
      method: 'POST',
      token: admin.token,
      raw: stream,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'File size must not exceed 10MB' });
    expect(counter.pulled).toBeGreaterThan(10 * MIB);
    expect(counter.pulled).toBeLessThanOrEqual(10 * MIB + MULTIPART_OVERHEAD_BYTES + MIB + 256 * 1024);
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
