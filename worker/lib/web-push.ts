import { encryptNotification, vapidHeaders } from '@block65/webcrypto-web-push';

/**
 * The push service's request, built with @block65/webcrypto-web-push (RFC 8291 `aes128gcm`, RFC 8292
 * VAPID on WebCrypto; docs/decisions/015-web-push.md). Headers other than Authorization are ours:
 * the library turns a TTL of 0 into 60 and has no `very-low` urgency.
 */

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** `privateKey` is the VAPID JWK as configured (VAPID_PRIVATE_KEY); the library takes only its `d`. */
export type VapidIdentity = { publicKey: string; privateKey: string; subject: string };
export type Urgency = 'very-low' | 'low' | 'normal' | 'high';
export type DeliveryOptions = { ttl: number; urgency?: Urgency | undefined; topic?: string | undefined };

/** The library's limit: one 4096-byte record less the header (86), the GCM tag (16) and the 0x02 delimiter. */
export const MAX_PAYLOAD_BYTES = 4096 - 86 - 16 - 1;

const scalarOf = (jwk: string) => (JSON.parse(jwk) as JsonWebKey).d ?? '';

/** The POST a push service expects (RFC 8030 §5): encrypted body, VAPID, TTL, optional Urgency and Topic. */
export async function buildPushRequest(target: PushTarget, payload: string, vapid: VapidIdentity, options: DeliveryOptions) {
  const subscription = { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } };
  const body = await encryptNotification(subscription, new TextEncoder().encode(payload));
  const { headers: auth } = await vapidHeaders(subscription, { ...vapid, privateKey: scalarOf(vapid.privateKey) });
  const headers: Record<string, string> = {
    authorization: auth.authorization,
    'content-encoding': 'aes128gcm',
    'content-type': 'application/octet-stream',
    ttl: String(Math.max(0, Math.floor(options.ttl))),
  };
  if (options.urgency) headers.urgency = options.urgency;
  // A Topic is at most 32 base64url characters (RFC 8030 §5.4); anything else is left out rather than refused.
  if (options.topic && /^[A-Za-z0-9_-]{1,32}$/.test(options.topic)) headers.topic = options.topic;
  return { url: target.endpoint, init: { method: 'POST', headers, body } satisfies RequestInit };
}
