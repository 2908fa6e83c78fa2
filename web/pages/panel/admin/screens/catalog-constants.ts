/**
 * Option lists of the catalog and settings schemas. Those modules build zod schemas at load time,
 * and importing them would ship zod with these screens, so the values are repeated here;
 * web/lib/content-api.test.ts checks that they stay equal.
 */
export const LEVELS = ['beginner', 'intermediate', 'advanced', 'all'] as const;
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const EVENT_CATEGORIES = ['tournament', 'grading', 'seminar', 'social', 'camp', 'workshop', 'demonstration', 'other'] as const;
export const MAX_PLANS = 12;
export const SOCIAL_PLATFORMS = ['facebook', 'instagram', 'linkedin', 'tiktok', 'twitter', 'youtube'] as const;
export const SETTINGS_LIMITS = { schoolName: 120, tagline: 200, email: 254, phone: 40, address: 300, url: 500, legalText: 50_000 } as const;
