import { fromBase64Url, toBase64Url } from '#core/push/base64url.ts';

type VapidInput = {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
  MAIL_FROM: string;
};

/** The public key a P-256 JWK stands for, as browsers want it: 0x04 ‖ x ‖ y in base64url. */
export function publicKeyOfJwk(jwk: JsonWebKey): string | null {
  const x = jwk.x ? fromBase64Url(jwk.x) : null;
  const y = jwk.y ? fromBase64Url(jwk.y) : null;
  if (x?.length !== 32 || y?.length !== 32) return null;
  return toBase64Url(Uint8Array.from([4, ...x, ...y]));
}

function fail(detail: string): never {
  throw new Error(`Invalid configuration: ${detail}`);
}

/**
 * Checks the VAPID pair at start-up (a half-set or mismatched pair fails loudly rather than at the
 * first delivery) and fills VAPID_SUBJECT from MAIL_FROM's address when unset.
 */
export function vapidSettings(env: VapidInput) {
  const mailAddress = /<([^<>\s]+@[^<>\s]+)>/.exec(env.MAIL_FROM)?.[1] ?? (/^\S+@\S+$/.test(env.MAIL_FROM) ? env.MAIL_FROM : null);
  const VAPID_SUBJECT = env.VAPID_SUBJECT ?? `mailto:${mailAddress ?? 'admin@dojo.local'}`;
  const { VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv } = env;
  if (!pub && !priv) return { VAPID_SUBJECT };
  if (!pub || !priv) fail('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  let jwk: JsonWebKey;
  try {
    jwk = JSON.parse(priv) as JsonWebKey;
  } catch {
    fail('VAPID_PRIVATE_KEY must be a JWK (JSON)');
  }
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string') fail('VAPID_PRIVATE_KEY must be a P-256 private JWK');
  if (publicKeyOfJwk(jwk) !== pub.replace(/=+$/, '')) fail('VAPID_PUBLIC_KEY does not match VAPID_PRIVATE_KEY');
  return { VAPID_SUBJECT, VAPID_PUBLIC_KEY: pub.replace(/=+$/, ''), VAPID_PRIVATE_KEY: priv };
}
