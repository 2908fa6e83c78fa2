import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const get = (path: string, encoding?: string) =>
  exports.default.fetch(new Request(`http://127.0.0.1:8787${path}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }));

describe('text answers are gzipped for browsers that accept it', () => {
  it('marks a page and an API answer as gzip and says it varies by Accept-Encoding', async () => {
    for (const path of ['/', '/api/health']) {
      const res = await get(path, 'gzip, deflate, br');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
      await res.body?.cancel();
    }
  });

  it('leaves the answer alone for a client that does not accept gzip', async () => {
    const res = await get('/api/health');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(((await res.json()) as { success?: boolean }).success).toBe(true);
  });
});
