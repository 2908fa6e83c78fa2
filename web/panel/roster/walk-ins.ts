import { offlineGet, offlinePut } from '#web/lib/offline-store.ts';
import type { LocalWalkIn } from './roster-marks.ts';

/** Walk-ins added on this device, by session: their names, so the roster shows them before the server lists them (and offline). */
const key = (sessionId: string) => `roster-walk-ins:${sessionId}`;

export const readWalkIns = async (sessionId: string) => (await offlineGet<LocalWalkIn[]>(key(sessionId))) ?? [];

export async function saveWalkIn(sessionId: string, person: LocalWalkIn): Promise<LocalWalkIn[]> {
  const list = await readWalkIns(sessionId);
  const next = [...list.filter((w) => w.userId !== person.userId), person];
  await offlinePut(key(sessionId), next);
  return next;
}
