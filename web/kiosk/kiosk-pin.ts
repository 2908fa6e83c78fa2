import { fromBase64Url } from '#core/push/base64url.ts';

/** hex HMAC-SHA256 of the PIN keyed with the pin key's bytes: what the snapshot's `pin` holds (API-24.md). */
export async function kioskPinHash(pinKey: string, pin: string): Promise<string> {
  const keyBytes = fromBase64Url(pinKey);
  if (!keyBytes) throw new Error('The PIN key is not base64url');
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(pin));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
