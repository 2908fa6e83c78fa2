import { fromWallInput } from '#web/components/format.ts';
import { isSocialPlatform, type SocialPlatform } from '#core/social/platforms.ts';
import type { AssetView } from './social-api.ts';

/** What the compose form holds; kept for this tab so a reload (or a trip to Accounts) does not lose it. */
export type Draft = { content: string; platforms: SocialPlatform[]; media: AssetView[]; schedule: string };
export const EMPTY_DRAFT: Draft = { content: '', platforms: [], media: [], schedule: '' };

/** sessionStorage, not localStorage: a draft belongs to this tab and ends with it (nothing of it is secret). */
const KEY = 'social_post_draft';

const isAsset = (a: unknown): a is AssetView =>
  !!a && typeof a === 'object' && typeof (a as AssetView)._id === 'string' && typeof (a as AssetView).url === 'string';

export function loadDraft(): Draft {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY);
    if (!raw) return EMPTY_DRAFT;
    const d = JSON.parse(raw) as Partial<Draft>;
    return {
      content: typeof d.content === 'string' ? d.content : '',
      platforms: Array.isArray(d.platforms) ? d.platforms.filter(isSocialPlatform) : [],
      media: Array.isArray(d.media) ? d.media.filter(isAsset) : [],
      schedule: typeof d.schedule === 'string' ? d.schedule : '',
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(d: Draft) {
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify(d));
  } catch {
    /* storage full or off: the draft lives as long as the page */
  }
}

export function clearDraft() {
  try {
    globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    /* nothing kept, nothing to clear */
  }
}

/**
 * A `datetime-local` value is on the school's clock (`zone`); the API takes an instant. '' → no schedule;
 * null → not a date and time.
 */
export function scheduleInstant(local: string, zone: string): string | null | '' {
  return local ? fromWallInput(local, zone) : '';
}
