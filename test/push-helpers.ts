/**
 * A browser's side of Web Push for tests: a subscription key pair, and the decryption a browser does
 * (RFC 8291 §3.4 with RFC 8188's aes128gcm record), written from the RFCs apart from the library that
 * encrypts (@block65/webcrypto-web-push), so the two cannot agree on the same mistake.
 */
import { fromBase64Url, toBase64Url } from '#core/push/base64url.ts';

export type BrowserKeys = { p256dh: string; auth: string; privateKey: CryptoKey };

const bytes = (s: string) => {
  const b = fromBase64Url(s);
  if (!b) throw new Error(`not base64url: ${s}`);
  return b;
};

export async function browserKeys(): Promise<BrowserKeys> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { p256dh: toBase64Url(raw), auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))), privateKey: pair.privateKey };
}

/** The browser's private key from its raw scalar and public point (the RFC's test vector gives them so). */
export async function importBrowserPrivateKey(d: string, p256dh: string): Promise<CryptoKey> {
  const point = bytes(p256dh);
  const jwk = { kty: 'EC', crv: 'P-256', d, x: toBase64Url(point.slice(1, 33)), y: toBase64Url(point.slice(33, 65)) };
  return crypto.subtle.importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
}

async function hkdfBits(
  ikm: Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
  info: string | Uint8Array<ArrayBuffer>,
  length: number,
) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  const infoBytes = typeof info === 'string' ? new TextEncoder().encode(info) : info;
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info: infoBytes }, key, length * 8));
}

/** Decrypts an aes128gcm body as the subscribed browser would, returning the text it carried. */
export async function decryptPushBody(body: Uint8Array, keys: BrowserKeys): Promise<{ text: string; recordSize: number }> {
  // RFC 8188 §2.1 header: salt(16) ‖ rs(uint32) ‖ idlen(1) ‖ keyid(idlen); for Web Push keyid is the sender's public key.
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const salt = body.slice(0, 16);
  const recordSize = view.getUint32(16);
  const idLength = body[20]!;
  const senderPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');

  const uaPublic = bytes(keys.p256dh);
  const senderKey = await crypto.subtle.importKey('raw', senderPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: senderKey }, keys.privateKey, 256));
  const keyInfo = new Uint8Array([...new TextEncoder().encode('WebPush: info\0'), ...uaPublic, ...senderPublic]);
  const ikm = await hkdfBits(shared, bytes(keys.auth), keyInfo, 32);
  const cek = await hkdfBits(ikm, salt, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = await hkdfBits(ikm, salt, 'Content-Encoding: nonce\0', 12);
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, aes, ciphertext));

  // The last (only) record ends with 0x02 followed by zero padding (RFC 8188 §2).
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error(`bad padding delimiter ${padded[end]}`);
  return { text: new TextDecoder().decode(padded.slice(0, end)), recordSize };
}

/** Checks a VAPID `Authorization` header (RFC 8292): the ES256 signature against `publicKey`, and returns its claims. */
export async function verifyVapidHeader(header: string, publicKey: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`not a vapid header: ${header}`);
  const [, token, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const key = await crypto.subtle.importKey('raw', bytes(publicKey), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const valid = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    bytes(signature),
    new TextEncoder().encode(`${head}.${claims}`),
  );
  const decode = (part: string) => JSON.parse(new TextDecoder().decode(bytes(part))) as Record<string, unknown>;
  return { valid, k, header: decode(head), claims: decode(claims) as { aud: string; exp: number; sub: string } };
}
