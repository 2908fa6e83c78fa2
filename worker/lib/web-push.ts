import { fromBase64Url, toBase64Url } from '#core/push/base64url.ts';
import { AUTH_SECRET_BYTES, P256DH_BYTES } from '#core/push/push-schemas.ts';

/**
 * Web Push message encryption (RFC 8291, `aes128gcm` of RFC 8188) and VAPID (RFC 8292) over WebCrypto.
 * Written here rather than taken from @pushforge/builder 2.0.5, which still encrypts with the
 * pre-RFC `aesgcm` draft that push services deprecate (some, Edge's by reports, take only aes128gcm).
 */

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type VapidIdentity = { publicKey: string; privateKey: string; subject: string };
export type Urgency = 'very-low' | 'low' | 'normal' | 'high';
export type DeliveryOptions = { ttl: number; urgency?: Urgency | undefined; topic?: string | undefined };

const enc = new TextEncoder();
const subtle = () => crypto.subtle;

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, bytes: number) {
  const key = await subtle().importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await subtle().deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

/** One record (RFC 8188 §2): the whole message must fit the 4096 bytes every push service accepts. */
export const RECORD_SIZE = 4096;
const HEADER_BYTES = 16 + 4 + 1 + 65;
const TAG_BYTES = 16;
/** What is left for the payload once the header, the GCM tag and the 0x02 delimiter are counted. */
export const MAX_PAYLOAD_BYTES = RECORD_SIZE - HEADER_BYTES - TAG_BYTES - 1;

/**
 * RFC 8291 §3.4 and §4: a fresh ECDH key pair and salt per message (fixed ones only for the RFC's
 * test vector), one record, no padding beyond the delimiter.
 */
export async function encryptPayload(
  plaintext: Uint8Array,
  keys: { p256dh: string; auth: string },
  fixed: { asKeys?: CryptoKeyPair; salt?: Uint8Array<ArrayBuffer> } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const uaPublic = fromBase64Url(keys.p256dh);
  const authSecret = fromBase64Url(keys.auth);
  if (uaPublic?.length !== P256DH_BYTES || uaPublic[0] !== 4) throw new Error('p256dh is not an uncompressed P-256 point');
  if (authSecret?.length !== AUTH_SECRET_BYTES) throw new Error('auth secret is not 16 bytes');
  if (plaintext.length > MAX_PAYLOAD_BYTES) throw new Error(`payload is ${plaintext.length} bytes, more than ${MAX_PAYLOAD_BYTES}`);

  const asKeys =
    fixed.asKeys ?? ((await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair);
  const asPublic = new Uint8Array(await subtle().exportKey('raw', asKeys.publicKey));
  const uaKey = await subtle().importKey('raw', uaPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ecdhSecret = new Uint8Array(await subtle().deriveBits({ name: 'ECDH', public: uaKey }, asKeys.privateKey, 256));

  const ikm = await hkdf(authSecret, ecdhSecret, concat(enc.encode('WebPush: info\0'), uaPublic, asPublic), 32);
  const salt = fixed.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const cek = await hkdf(salt, ikm, enc.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, enc.encode('Content-Encoding: nonce\0'), 12);

  const aes = await subtle().importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  const record = concat(plaintext, Uint8Array.of(2));
  const ciphertext = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv: nonce }, aes, record));

  const header = new Uint8Array(HEADER_BYTES);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  header.set(asPublic, 21);
  return concat(header, ciphertext);
}

// Importing a JWK costs more than signing with it; the key is the same for the isolate's life.
const signingKeys = new Map<string, Promise<CryptoKey>>();

function signingKey(privateKey: string): Promise<CryptoKey> {
  let key = signingKeys.get(privateKey);
  if (!key) {
    const { kty, crv, x, y, d } = JSON.parse(privateKey) as JsonWebKey;
    key = subtle().importKey('jwk', { kty, crv, x, y, d }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
    signingKeys.set(privateKey, key);
  }
  return key;
}

/** Push services refuse a VAPID token that lives past 24 hours (RFC 8292 §2); twelve leaves room for clock skew. */
export const VAPID_TOKEN_SECONDS = 12 * 60 * 60;

/** RFC 8292 §3: `vapid t=<ES256 JWT for the endpoint's origin>, k=<public key>`. */
export async function vapidAuthorization(endpoint: string, vapid: VapidIdentity, now = Date.now()): Promise<string> {
  const json = (v: unknown) => toBase64Url(enc.encode(JSON.stringify(v)));
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + VAPID_TOKEN_SECONDS, sub: vapid.subject };
  const unsigned = `${json({ typ: 'JWT', alg: 'ES256' })}.${json(claims)}`;
  // WebCrypto's ECDSA signature is r ‖ s (IEEE P1363), which is exactly JWS's ES256 form.
  const signature = await subtle().sign({ name: 'ECDSA', hash: 'SHA-256' }, await signingKey(vapid.privateKey), enc.encode(unsigned));
  return `vapid t=${unsigned}.${toBase64Url(signature)}, k=${vapid.publicKey}`;
}

/** The POST a push service expects (RFC 8030 §5): encrypted body, TTL, optional Urgency and Topic. */
export async function buildPushRequest(target: PushTarget, payload: string, vapid: VapidIdentity, options: DeliveryOptions) {
  const body = await encryptPayload(enc.encode(payload), target);
  const headers: Record<string, string> = {
    authorization: await vapidAuthorization(target.endpoint, vapid),
    'content-encoding': 'aes128gcm',
    'content-type': 'application/octet-stream',
    ttl: String(Math.max(0, Math.floor(options.ttl))),
  };
  if (options.urgency) headers.urgency = options.urgency;
  // A Topic is at most 32 base64url characters (RFC 8030 §5.4); anything else is left out rather than refused.
  if (options.topic && /^[A-Za-z0-9_-]{1,32}$/.test(options.topic)) headers.topic = options.topic;
  return { url: target.endpoint, init: { method: 'POST', headers, body } satisfies RequestInit };
}
