import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { localCertificateKey } from './certificate-key.ts';

const base = { LIBSQL_URL: 'http://127.0.0.1:1', JWT_SECRET: 'x'.repeat(32) };

describe('local certificate signing key', () => {
  it('makes an RSA key the Worker accepts once, keeps it owner-only, and hands back the same key after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cert-key-'));
    const first = await localCertificateKey(dir);
    expect(await localCertificateKey(dir)).toBe(first);
    expect(statSync(join(dir, '.certificate-key.json')).mode & 0o777).toBe(0o600);
    const config = loadConfig({ ...base, CERTIFICATE_SIGNING_KEY: first } as unknown as Bindings);
    expect(config.CERTIFICATE_SIGNING_KEY).toBe(first);
  });

  it('refuses a key that is not an RSA private JWK at start-up', () => {
    for (const bad of [
      'not json',
      JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'a', y: 'b', d: 'c' }),
      JSON.stringify({ kty: 'RSA', n: 'a', e: 'AQAB' }),
    ])
      expect(() => loadConfig({ ...base, CERTIFICATE_SIGNING_KEY: bad } as unknown as Bindings)).toThrow(
        /CERTIFICATE_SIGNING_KEY: must be an RSA private key/,
      );
  });
});
