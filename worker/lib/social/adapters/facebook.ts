import type { AppConfig } from '#worker/config.ts';
import { globalFetch, type Fetcher, type SocialAdapter } from '#worker/lib/social/platform.ts';

/** Placeholder until the Facebook adapter lands (issue 14). */
export function facebookAdapter(_config: AppConfig, _fetcher: Fetcher = globalFetch): SocialAdapter {
  throw new Error('Facebook adapter not written yet');
}
