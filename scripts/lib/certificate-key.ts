import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A fresh RSA-2048 private key as a JWK (JSON): the Worker's CERTIFICATE_SIGNING_KEY (RS256, VC-JWT). */
export async function generateCertificateKey(): Promise<string> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  );
  const { kty, n, e, d, p, q, dp, dq, qi } = await crypto.subtle.exportKey('jwk', pair.privateKey);
  return JSON.stringify({ kty, n, e, d, p, q, dp, dq, qi });
}

/**
 * Made once and kept in the data folder (owner-only), like the VAPID keys: certificates already handed
 * out are checked against the key's thumbprint in /.well-known/jwks.json, so a new key each start would break them.
 */
export async function localCertificateKey(dataDir: string): Promise<string> {
  const file = join(dataDir, '.certificate-key.json');
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const key = await generateCertificateKey();
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
