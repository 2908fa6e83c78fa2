import { newId } from '#core/ids.ts';
import { PLATFORM_LABELS, type SocialPlatform } from '#core/social/platforms.ts';
import type { Db } from '#db/client.ts';
import { socialLocalLog } from '#db/schema/index.ts';
import type { SocialAdapter } from './platform.ts';

/** Where the local consent page lives (worker/features/social-accounts serves it). */
export const LOCAL_CONSENT_PATH = '/social/connect/local';
const DAY_MS = 86_400_000;

/**
 * The local stand-in for every platform (ARCHITECTURE "social posts published to a local log"): its
 * consent page is ours, its tokens are made up, and publishing records what would have been posted in
 * social_local_log. Used when no platform app is configured (locally, in tests) and by the demo accounts.
 */
export function localAdapter(platform: SocialPlatform, db: Db, origin: string): SocialAdapter {
  return {
    platform,
    pkce: true,
    canRefresh: true,
    canRevoke: true,
    authorizeUrl: ({ state, redirectUri, codeChallenge }) =>
      `${origin}${LOCAL_CONSENT_PATH}?${new URLSearchParams({ platform, state, redirect_uri: redirectUri, ...(codeChallenge ? { code_challenge: codeChallenge } : {}) })}`,
    async exchangeCode() {
      return {
        externalId: `local-${platform}`,
        name: `Dojo on ${PLATFORM_LABELS[platform]} (local demo)`,
        username: 'dojo.local',
        accessToken: `local-${newId()}`,
        refreshToken: `local-${newId()}`,
        expiresAt: new Date(Date.now() + 60 * DAY_MS),
      };
    },
    async refresh() {
      return { accessToken: `local-${newId()}`, refreshToken: null, expiresAt: new Date(Date.now() + 60 * DAY_MS) };
    },
    async revoke() {},
    async publish(account, post) {
      const id = newId();
      await db.insert(socialLocalLog).values({
        id,
        accountId: account.accountId,
        platform,
        postId: post.postId,
        payload: {
          text: post.text,
          media: post.media.map((m) => ({ assetId: m.assetId, kind: m.kind, mimeType: m.mimeType, url: m.url })),
        },
      });
      return { externalId: id, url: null };
    },
  };
}
