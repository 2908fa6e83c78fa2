import { fromBase64Url, toBase64Url } from '#core/push/base64url.ts';
import type { AppConfig } from '#worker/config.ts';

/**
 * The platforms' tokens at rest: AES-256-GCM, a fresh 96-bit IV per value, and the account id plus the
 * field as additional data, so a ciphertext copied to another row or column does not decrypt.
 * Stored as `v1.<iv>.<ciphertext>` in base64url. The key is SOCIAL_TOKEN_KEY; locally and in tests,
 * where it may be unset, one is derived from JWT_SECRET with HKDF (never the JWT key itself).
 */
const enc = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

const bytesOf = (s: string) => {
  const b = fromBase64Url(s);
  if (!b) throw new Error('Unreadable token ciphertext');
  return b;
};

function tokenKey(config: Pick<AppConfig, 'SOCIAL_TOKEN_KEY' | 'JWT_SECRET'>): Promise<CryptoKey> {
  const id = config.SOCIAL_TOKEN_KEY ?? `derived:${config.JWT_SECRET}`;
  let key = keys.get(id);
  if (!key) {
    key = config.SOCIAL_TOKEN_KEY
      ? crypto.subtle.importKey('raw', bytesOf(config.SOCIAL_TOKEN_KEY.replace(/\+/g, '-').replace(/\//g, '_')), 'AES-GCM', false, [
          'encrypt',
          'decrypt',
        ])
      : crypto.subtle
          .importKey('raw', enc.encode(config.JWT_SECRET), 'HKDF', false, ['deriveKey'])
          .then((base) =>
            crypto.subtle.deriveKey(
              { name: 'HKDF', hash: 'SHA-256', salt: enc.encode('dojo-social-tokens'), info: enc.encode('v1') },
              base,
              { name: 'AES-GCM', length: 256 },
              false,
              ['encrypt', 'decrypt'],
            ),
          );
    keys.set(id, key);
  }
  return key;
}

/** What a ciphertext is bound to: the row and the column it belongs in. */
export type TokenSlot = { rowId: string; field: 'access' | 'refresh' | 'verifier' };
const aad = (slot: TokenSlot) => enc.encode(`${slot.rowId}:${slot.field}`);

export async function encryptToken(
  config: Pick<AppConfig, 'SOCIAL_TOKEN_KEY' | 'JWT_SECRET'>,
  slot: TokenSlot,
  plain: string,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad(slot) }, await tokenKey(config), enc.encode(plain));
  return `v1.${toBase64Url(iv)}.${toBase64Url(sealed)}`;
}

/** The plain token; throws when the value was tampered with, moved, or sealed with another key. */
export async function decryptToken(
  config: Pick<AppConfig, 'SOCIAL_TOKEN_KEY' | 'JWT_SECRET'>,
  slot: TokenSlot,
  sealed: string,
): Promise<string> {
  const [version, iv, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !body) throw new Error('Unreadable token ciphertext');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytesOf(iv), additionalData: aad(slot) },
    await tokenKey(config),
    bytesOf(body),
  );
  return new TextDecoder().decode(plain);
}
