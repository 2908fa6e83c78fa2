import { api, ApiError } from '#web/lib/api.ts';
import { isKioskSnapshot, type KioskSnapshot } from './kiosk-snapshot.ts';

export const SNAPSHOT_PATH = '/kiosk/snapshot';
const FAILED = 'Failed to load today’s classes';

/** Today's sessions and members, asked with the kiosk's own token (never a person's session). */
export async function fetchSnapshot(token: string): Promise<KioskSnapshot> {
  const body = await api<unknown>(SNAPSHOT_PATH, { token, fallback: FAILED });
  if (!isKioskSnapshot(body.data)) throw new ApiError(FAILED, 200);
  return body.data;
}

/** The server no longer knows this kiosk (revoked, or the token was mistyped). */
export const isRevoked = (err: unknown) => err instanceof ApiError && err.status === 401;
