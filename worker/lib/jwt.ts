import { errors, jwtVerify, SignJWT } from 'jose';

export const JWT_ISSUER = 'dojo-platform';
export const JWT_AUDIENCE = 'dojo-platform-api';
const ALG = 'HS256';

export type TokenClaims = { sub: string; role: string; tv: number };

/** Importing the HMAC key costs more than verifying with it, so each isolate imports it once per secret. */
const keys = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.clear(); // one secret at a time; a rotated secret replaces the old key
    keys.set(secret, key);
    key.catch(() => keys.delete(secret));
  }
  return key;
}

export async function signToken(claims: TokenClaims, secret: string, ttlSeconds: number): Promise<string> {
  return new SignJWT({ role: claims.role, tv: claims.tv })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(await keyFor(secret));
}

/** Verifies signature (HS256 only) before any claim is trusted; iss, aud, exp and sub are required. */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await keyFor(secret), {
      algorithms: [ALG],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || typeof payload.role !== 'string') return null;
    return { sub: payload.sub, role: payload.role, tv: payload.tv };
  } catch (err) {
    if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
    throw err;
  }
}
