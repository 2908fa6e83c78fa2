import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type VapidKeys = { publicKey: string; privateKey: string };

/** A fresh VAPID pair in the Worker's format: the private key as a P-256 JWK (JSON), the public key as base64url. */
export async function generateVapidKeys(): Promise<VapidKeys> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const { kty, crv, x, y, d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const raw = await crypto.subtle.exportKey('raw', pair.publicKey);
  return { publicKey: Buffer.from(raw).toString('base64url'), privateKey: JSON.stringify({ kty, crv, x, y, d }) };
}

/**
 * Made once and kept in the data folder (owner-only), like the JWT secret: browsers' subscriptions
 * are bound to the public key, so a new pair on every start would silently orphan them all.
 */
export async function localVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = join(dataDir, '.vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  const keys = await generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}
