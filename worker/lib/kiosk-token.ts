import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { kioskDevices } from '#db/schema/index.ts';
import { sha256Hex } from './digest.ts';

/** A shared check-in device calling with its own token (issue 24 §4): no user, only the kiosk's routes. */
export type KioskCaller = { id: string; name: string; location: string | null };

export const KIOSK_TOKEN_PREFIX = 'kiosk_';
export const KIOSK_MESSAGES = {
  onlyCheckIn: 'A kiosk may only check members in',
  unknown: 'This kiosk is not registered or has been revoked',
} as const;

export const isKioskToken = (token: string) => token.startsWith(KIOSK_TOKEN_PREFIX);

/** 32 random bytes, base64url: shown once in the kiosk's URL; only its hash is stored. */
export function newKioskToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return (
    KIOSK_TOKEN_PREFIX +
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
  );
}

/** What `kiosk_devices.token_hash` holds: hex SHA-256 of the whole token (random, so no key stretching is needed). */
export const kioskTokenHash = (token: string) => sha256Hex(token);

const SEEN_EVERY_MS = 5 * 60_000;

/** The live device a kiosk token belongs to, or null (unknown or revoked); notes when it was last seen, at most every 5 minutes. */
export async function loadKiosk(db: Db, token: string, nowMs = Date.now()): Promise<KioskCaller | null> {
  const row = await db
    .select()
    .from(kioskDevices)
    .where(and(eq(kioskDevices.tokenHash, await kioskTokenHash(token)), isNull(kioskDevices.revokedAt)))
    .get();
  if (!row) return null;
  if (!row.lastSeenAt || nowMs - row.lastSeenAt.getTime() > SEEN_EVERY_MS) {
    await db
      .update(kioskDevices)
      .set({ lastSeenAt: new Date(nowMs) })
      .where(eq(kioskDevices.id, row.id));
  }
  return { id: row.id, name: row.name, location: row.location };
}
