import type { AppConfig } from '#worker/config.ts';
import { globalFetch, type Fetcher, type SocialAdapter } from '#worker/lib/social/platform.ts';

/** Placeholder until the Youtube adapter lands (issue 14). */
export function youtubeAdapter(_config: AppConfig, _fetcher: Fetcher = globalFetch): SocialAdapter {
  throw new Error('Youtube adapter not written yet');
}
