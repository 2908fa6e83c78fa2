import type { FailureKind } from '#core/social/post-status.ts';
import { expiresIn, form, platformJson, type PlatformCall } from '#worker/lib/social/http.ts';
import { SocialPlatformError, type Fetcher, type SocialTokens } from '#worker/lib/social/platform.ts';

export const TIKTOK_API = 'https://open.tiktokapis.com/v2';

/**
 * TikTok answers API errors as `{ error: { code, message, log_id } }` (and `code: "ok"` on success) and
 * OAuth errors as `{ error, error_description, log_id }`; both carry their own words.
 */
type TikTokError = { error?: string | { code?: string; message?: string }; error_description?: string };

/** TikTok's error codes sorted by what the admin can do about them (the rest go by HTTP status). */
const KIND_BY_CODE: Record<string, FailureKind> = {
  access_token_invalid: 'expired_token',
  invalid_grant: 'expired_token',
  // Our app's key or secret is wrong: the server's setup, not the account's token.
  invalid_client: 'rejected',
  unauthorized_client: 'rejected',
  rate_limit_exceeded: 'rate_limited',
  spam_risk_too_many_posts: 'rate_limited',
  spam_risk_too_many_pending_share: 'rate_limited',
  reached_active_user_cap: 'rate_limited',
  url_ownership_unverified: 'rejected_media',
  file_format_check_failed: 'rejected_media',
  duration_check_failed: 'rejected_media',
  frame_rate_check_failed: 'rejected_media',
  picture_size_check_failed: 'rejected_media',
  video_pull_failed: 'rejected_media',
  photo_pull_failed: 'rejected_media',
  auth_removed: 'expired_token',
  internal_error: 'unavailable',
  internal: 'unavailable',
};
/** invalid_params is about the media when TikTok's words say so (a URL, the video, the photos). */
const MEDIA_WORDS = /video|photo|image|media|url|source/i;

const codeOf = (body: unknown): string | undefined => {
  const error = (body as TikTokError | undefined)?.error;
  return typeof error === 'string' ? error : error?.code;
};
const textOf = (body: unknown): string | undefined => {
  const b = body as TikTokError | undefined;
  if (typeof b?.error === 'string') return b.error_description || b.error;
  return b?.error?.message || b?.error?.code;
};

/** The kind for a TikTok error code (with its message for invalid_params); undefined = by HTTP status. */
export function tiktokKind(code: string | undefined, message = ''): FailureKind | undefined {
  if (!code) return undefined;
  if (code === 'invalid_params') return MEDIA_WORDS.test(message) ? 'rejected_media' : 'rejected';
  return KIND_BY_CODE[code];
}

export const tiktokCall = (fetcher: Fetcher): PlatformCall => ({
  platform: 'tiktok',
  fetcher,
  errorText: textOf,
  kindOf: (_status, body) => tiktokKind(codeOf(body), textOf(body)),
});

/** A refusal TikTok words as an error body (even with HTTP 200, which TikTok does for some). */
export function tiktokRefusal(body: unknown): SocialPlatformError | null {
  const code = codeOf(body);
  if (!code || code === 'ok') return null;
  const said = textOf(body);
  return new SocialPlatformError(tiktokKind(code, said) ?? 'rejected', `TikTok: ${said ?? code}`);
}

/** platformJson for TikTok: a 200 whose `error.code` is not "ok" is a refusal too. */
export async function tiktokJson<T>(call: PlatformCall, url: string, init: RequestInit): Promise<T> {
  const body = await platformJson<T>(call, url, init);
  const refusal = tiktokRefusal(body);
  if (refusal) throw refusal;
  return body;
}

type TokenAnswer = {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_expires_in?: number;
  open_id?: string;
  scope?: string;
};

/** One call to TikTok's token endpoint (code exchange or refresh): form body with the app's key and secret. */
export async function tiktokTokens(
  call: PlatformCall,
  fields: Record<string, string | undefined>,
): Promise<SocialTokens & { openId?: string }> {
  const t = await tiktokJson<TokenAnswer>(call, `${TIKTOK_API}/oauth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'cache-control': 'no-cache' },
    body: form(fields),
  });
  if (!t.access_token) throw new SocialPlatformError('rejected', 'TikTok did not give an access token');
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token ?? null,
    expiresAt: expiresIn(t.expires_in),
    refreshExpiresAt: expiresIn(t.refresh_expires_in),
    scope: t.scope ?? null,
    ...(t.open_id ? { openId: t.open_id } : {}),
  };
}
