import { calculateJwkThumbprint, importJWK, SignJWT, type JWK } from 'jose';
import type { OpenBadgeCredential } from '#core/certificates/credential.ts';
import { unavailable } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

export const SIGNING_UNAVAILABLE = 'Credential signing is not configured';
export const VC_JWT_TYPE = 'vc+jwt';

type SigningKey = { privateKey: CryptoKey; publicJwk: JWK; thumbprint: string };
let cached: { source: string; key: Promise<SigningKey> } | undefined;

/** The Worker secret CERTIFICATE_SIGNING_KEY, imported once per isolate; 503 when it is not set. */
function signingKey(ctx: Pick<ServiceCtx, 'config'>): Promise<SigningKey> {
  const source = ctx.config.CERTIFICATE_SIGNING_KEY;
  if (!source) throw unavailable(SIGNING_UNAVAILABLE);
  if (cached?.source !== source) {
    const { kty, n, e } = JSON.parse(source) as JWK;
    const publicJwk: JWK = { kty, n, e };
    const key = Promise.all([importJWK(JSON.parse(source) as JWK, 'RS256'), calculateJwkThumbprint(publicJwk)]).then(
      ([privateKey, thumbprint]) => ({ privateKey: privateKey as CryptoKey, publicJwk, thumbprint }),
    );
    cached = { source, key };
  }
  return cached.key;
}

/** `<origin>/.well-known/jwks.json#<RFC 7638 thumbprint>`: dereferences to the key in the JWKS. */
const keyId = (origin: string, thumbprint: string) => `${origin}/.well-known/jwks.json#${thumbprint}`;

/** The public key(s) credentials are checked with, as served at /.well-known/jwks.json. */
export async function publicJwks(ctx: Pick<ServiceCtx, 'config' | 'origin'>): Promise<{ keys: JWK[] }> {
  const { publicJwk, thumbprint } = await signingKey(ctx);
  return { keys: [{ ...publicJwk, kid: keyId(ctx.origin, thumbprint), alg: 'RS256', use: 'sig' }] };
}

/**
 * The credential as a VC-JWT (OB 3.0 §8.2): the payload is the credential itself with the registered claims
 * that must equal its members (`iss` = issuer.id, `jti` = id, `nbf` = validFrom, `sub` = the subject's id when
 * it has one); RS256; `kid` resolving in the JWKS. No `iat`: the same credential signs to the same token.
 */
export async function signCredential(ctx: Pick<ServiceCtx, 'config' | 'origin'>, credential: OpenBadgeCredential): Promise<string> {
  const { privateKey, thumbprint } = await signingKey(ctx);
  const subjectId = (credential.credentialSubject as { id?: string }).id;
  const jwt = new SignJWT({ ...credential })
    .setProtectedHeader({ alg: 'RS256', typ: VC_JWT_TYPE, kid: keyId(ctx.origin, thumbprint) })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setNotBefore(Math.floor(Date.parse(credential.validFrom) / 1000));
  if (subjectId) jwt.setSubject(subjectId);
  return jwt.sign(privateKey);
}
