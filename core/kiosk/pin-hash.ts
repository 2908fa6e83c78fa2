import { fromBase64Url, toBase64Url } from '#core/push/base64url.ts';

const hmac = async (keyBytes: Uint8Array<ArrayBuffer>, message: string) => {
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message)));
};

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The school's PIN key: base64url HMAC-SHA256(JWT_SECRET, 'kiosk-pin'); only registered kiosks receive it (in the snapshot). */
export async function kioskPinKey(secret: string): Promise<string> {
  return toBase64Url(await hmac(new TextEncoder().encode(secret), 'kiosk-pin'));
}

/**
 * What `checkin_credentials.pin_hash` holds and what a kiosk computes offline from a typed PIN: lowercase hex
 * HMAC-SHA256 keyed with the pin key's bytes (base64url-decoded). Runs in workerd and in the browser alike.
 */
export async function kioskPinHash(pinKey: string, pin: string): Promise<string> {
  const keyBytes = fromBase64Url(pinKey);
  if (!keyBytes) throw new Error('The PIN key is not base64url');
  return hex(await hmac(keyBytes, pin));
}
