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

/**
 * Tokens this isolate has already verified, with the claims they carry. A token is a few hundred bytes that
 * a client sends on every request, and checking its HMAC again gives the same answer for the same bytes
 * and the same secret, so a repeat costs a map lookup instead of jose's ~40 µs and ~3 KB of garbage per
 * request (measured in workerd; that garbage is what makes its stop-the-world collections frequent).
 * Only what passed every check is kept; the expiry is checked again on each use, and the token version
 * is still compared with the user's row on each request (worker/middleware/auth.ts), so logout, a
 * password change or a block still end a token at once. Bounded: the oldest entry leaves first.
 */
export const VERIFIED_CACHE_SIZE = 2048;
type Verified = { claims: TokenClaims; exp: number };
let verified = new Map<string, Verified>();
let verifiedFor: string | undefined;

function remember(token: string, secret: string, entry: Verified) {
  if (verifiedFor !== secret) {
    verified = new Map(); // a rotated secret forgets everything the old one verified
    verifiedFor = secret;
  }
  if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
  verified.set(token, entry);
}

function recall(token: string, secret: string): TokenClaims | undefined {
  if (verifiedFor !== secret) return undefined;
  const hit = verified.get(token);
  if (!hit) return undefined;
  // As jose: a token whose exp is now or past is expired.
  if (hit.exp <= Math.floor(Date.now() / 1000)) {
    verified.delete(token);
    return undefined;
  }
  return hit.claims;
}

/** How many verified tokens this isolate holds (for tests). */
export const verifiedTokenCount = () => (verifiedFor === undefined ? 0 : verified.size);

/** Verifies signature (HS256 only) before any claim is trusted; iss, aud, exp and sub are required. */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | null> {
  const known = recall(token, secret);
  if (known) return known;
  try {
    const { payload } = await jwtVerify(token, await keyFor(secret), {
      algorithms: [ALG],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || typeof payload.role !== 'string') return null;
    const claims = Object.freeze({ sub: payload.sub, role: payload.role, tv: payload.tv });
    remember(token, secret, { claims, exp: payload.exp! });
    return claims;
  } catch (err) {
    if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
    throw err;
  }
}
