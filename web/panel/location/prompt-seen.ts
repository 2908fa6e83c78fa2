import type { SessionUser } from '#web/lib/session.ts';
import { readStored, STORAGE_KEYS, writeStored } from '#web/lib/storage-keys.ts';

/** Spec 2: the prompt is shown once per browser; the flag is kept locally. */
export const promptSeen = () => readStored(STORAGE_KEYS.locationPromptSeen) === 'true';
export const markPromptSeen = () => writeStored(STORAGE_KEYS.locationPromptSeen, 'true');

/** A signed-in person whose profile has no time zone and who has not seen the prompt here. */
export const shouldPrompt = (user: Pick<SessionUser, 'profile'>) => {
  const zone = user.profile?.timezone;
  return !(typeof zone === 'string' && zone.trim()) && !promptSeen();
};
