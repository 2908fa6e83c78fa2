/** Spec 5 Social: the platforms a post may go to, in the order the screens list them. */
export const SOCIAL_PLATFORMS = ['facebook', 'instagram', 'linkedin', 'tiktok', 'twitter', 'youtube'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export const isSocialPlatform = (v: unknown): v is SocialPlatform =>
  typeof v === 'string' && (SOCIAL_PLATFORMS as readonly string[]).includes(v);

/** What people call them (X is still `twitter` in the API, as the spec names it). */
export const PLATFORM_LABELS: Record<SocialPlatform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
};

/** Spec 4: a connected account whose token ends within this many days is flagged expiring soon. */
export const EXPIRING_SOON_DAYS = 7;
const DAY_MS = 86_400_000;

export type TokenState = 'ok' | 'expiring_soon' | 'expired' | 'no_expiry';

/** The state of an account's token at `now` (a token without an end date never expires, e.g. a Facebook page token). */
export function tokenState(expiresAt: Date | null, now: Date = new Date()): TokenState {
  if (!expiresAt) return 'no_expiry';
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return 'expired';
  return left <= EXPIRING_SOON_DAYS * DAY_MS ? 'expiring_soon' : 'ok';
}
