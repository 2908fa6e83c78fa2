/** The settings' platforms and limits, without zod, for the settings screen and the schemas alike. */
/** The school's name until an admin saves one: every page and the settings share it. */
export const DEFAULT_SCHOOL_NAME = 'Karate Dojo';

export const SOCIAL_PLATFORMS = ['facebook', 'instagram', 'linkedin', 'tiktok', 'twitter', 'youtube'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export type SocialLinks = Partial<Record<SocialPlatform, string>>;

export const SETTINGS_LIMITS = {
  schoolName: 120,
  tagline: 200,
  email: 254,
  phone: 40,
  address: 300,
  url: 500,
  legalText: 50_000,
  maxUnpaidOrders: 50,
  taxName: 30,
} as const;

export const MAX_UNPAID_ORDERS_MESSAGE = `Unpaid orders per account must be a whole number from 1 to ${SETTINGS_LIMITS.maxUnpaidOrders}`;
