import type { AppConfig } from '#worker/config.ts';
import { globalFetch, type Fetcher, type SocialAdapter } from '#worker/lib/social/platform.ts';

/** Placeholder until the Linkedin adapter lands (issue 14). */
export function linkedinAdapter(_config: AppConfig, _fetcher: Fetcher = globalFetch): SocialAdapter {
  throw new Error('Linkedin adapter not written yet');
}
