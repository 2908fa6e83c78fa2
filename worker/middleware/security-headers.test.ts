import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const connectSrc = async (url: string) => {
  const res = await exports.default.fetch(new Request(url));
  return /connect-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? [];
};

describe('the pages’ CSP connect-src', () => {
  it("allows sockets to this site's own host only, never to any ws:/wss: host", async () => {
    const secure = await connectSrc('https://dojo.example/');
    expect(secure).toContain('wss://dojo.example');
    expect(secure.filter((s) => /^wss?:/.test(s))).toEqual(['wss://dojo.example']);
    const local = await connectSrc('http://127.0.0.1:8787/');
    expect(local.filter((s) => /^wss?:/.test(s))).toEqual(['ws://127.0.0.1:8787', 'wss://127.0.0.1:8787']);
  });
});
