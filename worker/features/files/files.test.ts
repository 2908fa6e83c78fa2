import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { fetchRaw } from '#test/file-helpers.ts';
import { api, uniq } from '#test/helpers.ts';

const bucket = () => (env as unknown as { UPLOADS: R2Bucket }).UPLOADS;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('GET /api/files/*', () => {
  it('serves a public image inline with its type, nosniff and long caching', async () => {
    const key = `charts/${uniq()}.png`;
    await bucket().put(key, PNG, { httpMetadata: { contentType: 'image/png' } });
    const res = await api(`/api/files/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('serves a document as an attachment under its original name', async () => {
    const key = `file-uploads/${uniq()}.xlsx`;
    await bucket().put(key, new Uint8Array([0x50, 0x4b, 3, 4]), {
      httpMetadata: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      customMetadata: { filename: 'Grading list.xlsx' },
    });
    const res = await api(`/api/files/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Grading%20list.xlsx");
  });

  it('serves an uploaded video by byte range (Safari plays and seeks only so), whole when the range cannot be served', async () => {
    const key = `media/${uniq()}.mp4`;
    const bytes = new Uint8Array(4096).map((_, i) => i % 251);
    await bucket().put(key, bytes, { httpMetadata: { contentType: 'video/mp4' } });
    const whole = await fetchRaw(`/api/files/${key}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const head = await fetchRaw(`/api/files/${key}`, { headers: { range: 'bytes=100-199' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe('bytes 100-199/4096');
    expect(head.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await head.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const tail = await fetchRaw(`/api/files/${key}`, { headers: { range: 'bytes=-16' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe('bytes 4080-4095/4096');
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(4080));
    const open = await fetchRaw(`/api/files/${key}`, { headers: { range: 'bytes=4000-' } });
    expect([open.status, open.headers.get('content-range')]).toEqual([206, 'bytes 4000-4095/4096']);
    const beyond = await fetchRaw(`/api/files/${key}`, { headers: { range: 'bytes=9000-9999' } });
    expect(beyond.status).toBe(200);
    expect((await beyond.arrayBuffer()).byteLength).toBe(4096);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const key = `posts/${uniq()}.png`;
    await bucket().put(key, PNG, { httpMetadata: { contentType: 'image/png' } });
    const first = await api(`/api/files/${key}`);
    const again = await api(`/api/files/${key}`, { headers: { 'if-none-match': first.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
  });

  it('never serves a private prefix, a traversal or a missing key', async () => {
    await bucket().put('syllabus/secret.pdf', new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    for (const path of ['syllabus/secret.pdf', 'charts/../syllabus/secret.pdf', 'charts/missing.png']) {
      const res = await api(`/api/files/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('answers 404, never a 5xx, to an over-long key', async () => {
    for (const length of [1017, 1100, 5000]) {
      const res = await api(`/api/files/charts/${'a'.repeat(length)}.png`);
      expect(res.status, String(length)).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('answers 4xx to hostile paths: encoded slashes, dot segments, NUL, bad escapes, control characters', async () => {
    await bucket().put('syllabus/secret.pdf', new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    const paths = [
      'charts%2F..%2Fsyllabus%2Fsecret.pdf',
      'charts/%2e%2e/syllabus/secret.pdf',
      'charts/..%2fsyllabus/secret.pdf',
      'charts%2f%2e%2e%2fsyllabus%2fsecret.pdf',
      'charts/a%00.png',
      'charts/%ff%fe.png',
      'charts/%E0%A4%A.png',
      'charts/%',
      'charts//x.png',
      'charts/a%0d%0ab.png',
      'charts/a%5c..%5csyllabus.png',
      `charts/${'%2e%2e%2f'.repeat(400)}syllabus/secret.pdf`,
    ];
    for (const path of paths) {
      const res = await api(`/api/files/${path}`);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});
