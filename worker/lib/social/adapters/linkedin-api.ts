import type { PlatformCall } from '#worker/lib/social/http.ts';
import type { Fetcher, SocialPlatformError } from '#worker/lib/social/platform.ts';

/** LinkedIn's versioned REST API: every call names a version (YYYYMM, each kept for at least a year). */
export const LINKEDIN_VERSION = '202607';
export const LINKEDIN_REST = 'https://api.linkedin.com/rest';
export const LINKEDIN_OAUTH = 'https://www.linkedin.com/oauth/v2';

/** The headers every REST call carries. */
export const restHeaders = (token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  'linkedin-version': LINKEDIN_VERSION,
  'x-restli-protocol-version': '2.0.0',
});

type LinkedInError = { message?: string; serviceErrorCode?: number; error?: string; error_description?: string };

/** Access token invalid, revoked or expired, whatever status the answer carries. */
const TOKEN_CODES = new Set([65600, 65601, 65602]);

/** REST errors are `{ message, status, serviceErrorCode }`; the OAuth endpoints answer `{ error, error_description }`. */
export const linkedinErrorText = (body: unknown) => {
  const b = body as LinkedInError | undefined;
  return b?.message || b?.error_description || b?.error;
};

/**
 * The LinkedIn call. On a media step (an upload) a plain 4xx refusal is about the file, so it is sorted
 * rejected_media; an expired token and a rate limit keep their own kind.
 */
export function linkedinCall(fetcher: Fetcher, mediaStep = false): PlatformCall {
  return {
    platform: 'linkedin',
    fetcher,
    errorText: linkedinErrorText,
    kindOf: (status, body): SocialPlatformError['kind'] | undefined => {
      if (TOKEN_CODES.has((body as LinkedInError | undefined)?.serviceErrorCode ?? 0)) return 'expired_token';
      if (mediaStep && status >= 400 && status < 500 && status !== 401 && status !== 429) return 'rejected_media';
      return undefined;
    },
  };
}

/** Characters LinkedIn's "little text" reserves; unescaped, they can cut the post short. */
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;
const HASHTAG = /#([\p{L}\p{N}_]+)/gu;

/**
 * The post's text as LinkedIn's `commentary` (little text): every reserved character escaped, and
 * `#word` kept a real hashtag through LinkedIn's hashtag template.
 */
export function littleText(text: string): string {
  let out = '';
  let at = 0;
  for (const m of text.matchAll(HASHTAG)) {
    out += escape(text.slice(at, m.index)) + `{hashtag|\\#|${escape(m[1]!)}}`;
    at = m.index + m[0].length;
  }
  return out + escape(text.slice(at));
}

const escape = (s: string) => s.replace(RESERVED, (c) => `\\${c}`);

/** The person URN a member's posts are authored as. */
export const personUrn = (sub: string) => `urn:li:person:${sub}`;
