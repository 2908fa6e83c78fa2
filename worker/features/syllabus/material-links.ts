/** Signed download links last this long: enough to open a page and click, short enough to be useless if shared. */
export const LINK_TTL_SECONDS = 600;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** A key of its own, derived from JWT_SECRET, so a link MAC can never be mistaken for a token signature. */
function linkKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = (async () => {
      const master = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      const derived = await crypto.subtle.sign('HMAC', master, encoder.encode('dojo/syllabus-material-links/v1'));
      return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    })();
    keys.set(secret, key);
  }
  return key;
}

export type LinkSubject = { itemId: string; materialId: string; userId: string; tokenVersion: number };

// The token version is signed too: logging out (or being blocked) kills the links handed out before.
const message = (s: LinkSubject, exp: number) => encoder.encode([s.itemId, s.materialId, s.userId, s.tokenVersion, exp].join('\n'));

const toBase64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '=');
  return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
}

export const materialPath = (itemId: string, materialId: string) => `/api/syllabus/${itemId}/materials/${materialId}`;

/** `/api/syllabus/:id/materials/:materialId?uid=…&exp=…&sig=…`, valid for LINK_TTL_SECONDS for this user only. */
export async function signedMaterialUrl(secret: string, subject: LinkSubject, nowMs = Date.now()): Promise<string> {
  const exp = Math.floor(nowMs / 1000) + LINK_TTL_SECONDS;
  const sig = toBase64Url(await crypto.subtle.sign('HMAC', await linkKey(secret), message(subject, exp)));
  const query = new URLSearchParams({ uid: subject.userId, exp: String(exp), sig });
  return `${materialPath(subject.itemId, subject.materialId)}?${query}`;
}

/** 'ok', 'expired' or 'invalid'; the MAC is checked by WebCrypto's verify (constant time) before the clock. */
export async function checkMaterialSignature(
  secret: string,
  subject: LinkSubject,
  exp: string,
  sig: string,
  nowMs = Date.now(),
): Promise<'ok' | 'expired' | 'invalid'> {
  const expiry = /^\d{1,12}$/.test(exp) ? Number(exp) : NaN;
  const mac = fromBase64Url(sig);
  if (!Number.isSafeInteger(expiry) || !mac) return 'invalid';
  const valid = await crypto.subtle.verify('HMAC', await linkKey(secret), mac, message(subject, expiry));
  if (!valid) return 'invalid';
  const now = Math.floor(nowMs / 1000);
  return expiry < now || expiry > now + LINK_TTL_SECONDS + 60 ? 'expired' : 'ok';
}
