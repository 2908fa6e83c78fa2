import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { decryptToken, encryptToken } from './token-crypto.ts';

const config = () => loadConfig(env as unknown as Bindings);
const slot = { rowId: 'acc-1', field: 'access' as const };

describe('sealed tokens', () => {
  it('round-trips, with a fresh IV each time, and never shows the token', async () => {
    const a = await encryptToken(config(), slot, 'EAAB-page-token');
    const b = await encryptToken(config(), slot, 'EAAB-page-token');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('EAAB');
    expect(await decryptToken(config(), slot, a)).toBe('EAAB-page-token');
  });

  it('refuses a ciphertext moved to another row or column, tampered with, or sealed with another key', async () => {
    const sealed = await encryptToken(config(), slot, 'secret');
    await expect(decryptToken(config(), { rowId: 'acc-2', field: 'access' }, sealed)).rejects.toThrow();
    await expect(decryptToken(config(), { rowId: 'acc-1', field: 'refresh' }, sealed)).rejects.toThrow();
    const [v, iv, body] = sealed.split('.');
    const flipped = `${v}.${iv}.${body!.slice(0, -2)}${body!.endsWith('AA') ? 'BA' : 'AA'}`;
    await expect(decryptToken(config(), slot, flipped)).rejects.toThrow();
    const other = { ...config(), SOCIAL_TOKEN_KEY: btoa('another-key-of-exactly-32-bytes!') };
    await expect(decryptToken(other, slot, sealed)).rejects.toThrow();
  });
});
