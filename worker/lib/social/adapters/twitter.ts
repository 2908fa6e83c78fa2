import type { AppConfig } from '#worker/config.ts';
import { globalFetch, type Fetcher, type SocialAdapter } from '#worker/lib/social/platform.ts';

/** Placeholder until the Twitter adapter lands (issue 14). */
export function twitterAdapter(_config: AppConfig, _fetcher: Fetcher = globalFetch): SocialAdapter {
  throw new Error('Twitter adapter not written yet');
}
