import { offlineDelete, offlineGet, offlinePut } from '#web/lib/offline-store.ts';
import { isKioskSnapshot, type KioskSnapshot } from './kiosk-snapshot.ts';

/**
 * What a kiosk keeps in the browser's local database (web/lib/offline-store.ts): its token, the last
 * snapshot, and who it checked in to which session today (so a second scan says "Already checked in"
 * offline). The check-ins themselves wait in the attendance outbox until the server has them.
 */
export const KIOSK_KEYS = { token: 'kiosk:token', snapshot: 'kiosk:snapshot', checkedIn: 'kiosk:checked-in' } as const;

/** sessionId → userIds checked in on this kiosk. */
export type CheckedIn = Record<string, string[]>;

export const loadToken = async () => {
  const token = await offlineGet<string>(KIOSK_KEYS.token);
  return typeof token === 'string' && token ? token : null;
};
export const saveToken = (token: string) => offlinePut(KIOSK_KEYS.token, token);

export const loadSnapshot = async () => {
  const stored = await offlineGet<unknown>(KIOSK_KEYS.snapshot);
  return isKioskSnapshot(stored) ? stored : null;
};
export const saveSnapshot = (snapshot: KioskSnapshot) => offlinePut(KIOSK_KEYS.snapshot, snapshot);

export const loadCheckedIn = async () => (await offlineGet<CheckedIn>(KIOSK_KEYS.checkedIn)) ?? {};
export const saveCheckedIn = (checkedIn: CheckedIn) => offlinePut(KIOSK_KEYS.checkedIn, checkedIn);

/** Only today's sessions are kept: yesterday's list would grow forever on a kiosk that never reloads. */
export const keepSessions = (checkedIn: CheckedIn, sessionIds: readonly string[]): CheckedIn =>
  Object.fromEntries(Object.entries(checkedIn).filter(([id]) => sessionIds.includes(id)));

/** A revoked kiosk forgets its token and what it knew about the members. */
export async function forgetKiosk(): Promise<void> {
  await Promise.all([offlineDelete(KIOSK_KEYS.token), offlineDelete(KIOSK_KEYS.snapshot), offlineDelete(KIOSK_KEYS.checkedIn)]);
}

/** `#token=kiosk_…` in the address the admin opened, or null. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^kiosk_[\w-]{20,100}$/.test(token) ? token : null;
}
