import { toBase64Url } from '#core/push/base64url.ts';

/** RFC 7636 S256: the challenge sent with the authorization request for a verifier (`newSecret()` from core/ids). */
export async function pkceChallenge(verifier: string): Promise<string> {
  return toBase64Url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
}
