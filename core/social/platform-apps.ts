import type { SocialPlatform } from './platforms.ts';

/** The server settings a platform's app needs before it can connect for real (Instagram posts through the Facebook app). */
export const PLATFORM_APP_SETTINGS = {
  facebook: ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'],
  instagram: ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'],
  linkedin: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
  tiktok: ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
  twitter: ['TWITTER_CLIENT_ID', 'TWITTER_CLIENT_SECRET'],
  youtube: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
} as const satisfies Record<SocialPlatform, readonly string[]>;

export const appSettingsText = (platform: SocialPlatform) => PLATFORM_APP_SETTINGS[platform].join(' and ');
