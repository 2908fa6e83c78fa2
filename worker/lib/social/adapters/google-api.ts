import type { FailureKind } from '#core/social/post-status.ts';
import { expiresIn, form, platformJson, type PlatformCall } from '#worker/lib/social/http.ts';
import { SocialPlatformError, type Fetcher, type SocialTokens } from '#worker/lib/social/platform.ts';

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const GOOGLE_REVOKE_URL = 'https://oauth2.googleapis.com/revoke';

/**
 * Google answers API errors as `{ error: { code, message, errors: [{ reason }] } }` and OAuth errors as
 * `{ error: "invalid_grant", error_description }`.
 */
type GoogleError = {
  error?: string | { code?: number; message?: string; errors?: { reason?: string; message?: string }[] };
  error_description?: string;
};

/** YouTube's reasons sorted by what the admin can do (the rest go by HTTP status: 401 expired, 5xx unavailable). */
const KIND_BY_REASON: Record<string, FailureKind> = {
  quotaExceeded: 'rate_limited',
  rateLimitExceeded: 'rate_limited',
  userRateLimitExceeded: 'rate_limited',
  dailyLimitExceeded: 'rate_limited',
  // "The user has exceeded the number of videos they may upload": the same video goes up later.
  uploadLimitExceeded: 'rate_limited',
  authError: 'expired_token',
  // 401 too, but reconnecting will not help: the Google account has no channel.
  youtubeSignupRequired: 'rejected',
  mediaBodyRequired: 'rejected_media',
  invalidFilename: 'rejected_media',
  badContent: 'rejected_media',
};

const reasonsOf = (body: unknown): string[] => {
  const error = (body as GoogleError | undefined)?.error;
  return typeof error === 'object' ? (error.errors ?? []).map((e) => e.reason ?? '') : [];
};

export const googleText = (body: unknown): string | undefined => {
  const b = body as GoogleError | undefined;
  if (typeof b?.error === 'string') return b.error_description || b.error;
  return b?.error?.message || b?.error?.errors?.[0]?.message;
};

export function googleKind(_status: number, body: unknown): FailureKind | undefined {
  const error = (body as GoogleError | undefined)?.error;
  // A code, or a refresh token, that is expired or revoked: the admin connects again.
  if (error === 'invalid_grant') return 'expired_token';
  // Our app's id or secret is wrong (Google says 401): the server's setup, not the account's token.
  if (error === 'invalid_client' || error === 'unauthorized_client') return 'rejected';
  for (const reason of reasonsOf(body)) if (KIND_BY_REASON[reason]) return KIND_BY_REASON[reason];
  return undefined;
}

export const youtubeCall = (fetcher: Fetcher): PlatformCall => ({
  platform: 'youtube',
  fetcher,
  errorText: googleText,
  kindOf: googleKind,
});

type TokenAnswer = { access_token?: string; refresh_token?: string; expires_in?: number; scope?: string };

/** One call to Google's token endpoint (code exchange or refresh) with the app's client id and secret in the form. */
export async function googleTokens(call: PlatformCall, fields: Record<string, string | undefined>): Promise<SocialTokens> {
  const t = await platformJson<TokenAnswer>(call, GOOGLE_TOKEN_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form(fields),
  });
  if (!t.access_token) throw new SocialPlatformError('rejected', 'YouTube did not give an access token');
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token ?? null,
    expiresAt: expiresIn(t.expires_in),
    scope: t.scope ?? null,
  };
}
