import type { SocialPlatform } from '#core/social/platforms.ts';
import type { AppConfig } from '#worker/config.ts';
import { hmacSha256Hex } from '#worker/lib/payments/hmac.ts';
import { platformJson, type PlatformCall } from '#worker/lib/social/http.ts';
import type { Fetcher, SocialPlatformError } from '#worker/lib/social/platform.ts';

/** One pinned Graph API version for Facebook and Instagram (Meta keeps each for about two years). */
export const GRAPH_VERSION = 'v25.0';
export const GRAPH = `https://graph.facebook.com/${GRAPH_VERSION}`;
/** Video uploads have their own host. */
export const GRAPH_VIDEO = `https://graph-video.facebook.com/${GRAPH_VERSION}`;

type GraphError = { error?: { message?: string; error_user_msg?: string; code?: number; error_subcode?: number } };

/** Invalid, expired or revoked token; session invalidated. */
const EXPIRED = new Set([190, 102]);
/** App, user, page and business-use-case throttling. */
const THROTTLED = new Set([4, 17, 32, 341, 613, 80001]);
/** Facebook photo/video and Instagram container refusals that are about the file itself. */
const MEDIA_CODES = new Set([324, 351, 352, 353, 382, 389, 390, 6000, 36000, 36001, 36003, 36004]);
const MEDIA_SUBCODES = new Set([1366046, 1363019, 1363024, 1363030, 2207003, 2207004, 2207005, 2207009, 2207026, 2207052]);
/** Instagram: the account reached its 24-hour publishing limit. */
const IG_DAILY_LIMIT = 2207042;

const errorOf = (body: unknown) => (body as GraphError | undefined)?.error;

/** Graph errors are `{ error: { message, type, code, error_subcode } }`; a user-facing message wins when given. */
export const graphErrorText = (body: unknown) => errorOf(body)?.error_user_msg || errorOf(body)?.message;

export function graphKind(body: unknown): SocialPlatformError['kind'] | undefined {
  const e = errorOf(body);
  if (!e) return undefined;
  if (EXPIRED.has(e.code ?? 0)) return 'expired_token';
  if (THROTTLED.has(e.code ?? 0) || e.error_subcode === IG_DAILY_LIMIT) return 'rate_limited';
  if (MEDIA_CODES.has(e.code ?? 0) || MEDIA_SUBCODES.has(e.error_subcode ?? 0)) return 'rejected_media';
  return undefined;
}

/**
 * The Graph call for a platform. On a media step (an upload or a container) a plain 4xx refusal is
 * about the file, so it is sorted rejected_media; token and rate errors keep their own kind.
 */
export function graphCall(platform: SocialPlatform, fetcher: Fetcher, mediaStep = false): PlatformCall {
  return {
    platform,
    fetcher,
    errorText: graphErrorText,
    kindOf: (status, body) =>
      graphKind(body) ?? (mediaStep && status >= 400 && status < 500 && status !== 401 && status !== 429 ? 'rejected_media' : undefined),
  };
}

type Params = Record<string, string | undefined>;

/**
 * One Graph request made with `token` (sent as a bearer header, never in the URL) and its
 * appsecret_proof, so the calls work for apps that require it. GET parameters go in the query, POST
 * parameters in a form body, as the Graph API takes them.
 */
export async function graphRequest<T>(
  call: PlatformCall,
  config: AppConfig,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  params: Params = {},
): Promise<T> {
  const target = new URL(url);
  target.searchParams.set('appsecret_proof', await hmacSha256Hex(config.FACEBOOK_APP_SECRET ?? '', token));
  const fields = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined);
  if (method !== 'POST') for (const [k, v] of fields) target.searchParams.set(k, v);
  return platformJson<T>(call, target.toString(), {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(method === 'POST' ? { body: new URLSearchParams(fields) } : {}),
  });
}

/**
 * A platform's Graph requests as one function: `media` marks an upload or container step, whose plain
 * 4xx refusal is about the file (see graphCall). `call` is the plain one, for the login steps.
 */
export function graphClient(platform: SocialPlatform, config: AppConfig, fetcher: Fetcher) {
  const call = graphCall(platform, fetcher);
  const mediaCall = graphCall(platform, fetcher, true);
  const graph = <T>(token: string, method: 'GET' | 'POST', url: string, params: Params, media = false) =>
    graphRequest<T>(media ? mediaCall : call, config, token, method, url, params);
  return { call, graph };
}
