import type { AppConfig } from '#worker/config.ts';
import { globalFetch, type Fetcher, type SocialAdapter } from '#worker/lib/social/platform.ts';

/** Placeholder until the Tiktok adapter lands (issue 14). */
export function tiktokAdapter(_config: AppConfig, _fetcher: Fetcher = globalFetch): SocialAdapter {
  throw new Error('Tiktok adapter not written yet');
}
