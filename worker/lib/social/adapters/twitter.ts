import type { AppConfig } from '#worker/config.ts';
import { expiresIn, form, platformFetch, platformJson, type PlatformCall } from '#worker/lib/social/http.ts';
import {
  globalFetch,
  SocialPlatformError,
  type Fetcher,
  type PublishMedia,
  type SocialAdapter,
  type SocialTokens,
} from '#worker/lib/social/platform.ts';

const AUTHORIZE_URL = 'https://x.com/i/oauth2/authorize';
const API = 'https://api.x.com/2';
/** What we ask for: post, read who we are, upload media, and a refresh token (offline.access). */
export const X_SCOPES = 'tweet.read tweet.write users.read media.write offline.access';
/** X takes media in chunks of at most 5 MB (the docs' bound for APPEND). */
const CHUNK = 4 * 1024 * 1024;
const STATUS_TRIES = 6;

type TokenAnswer = { access_token?: string; refresh_token?: string; expires_in?: number; scope?: string };
type XProblem = { title?: string; detail?: string; errors?: { message?: string; detail?: string }[] };
type MediaAnswer = {
  data?: { id?: string; processing_info?: { state?: string; check_after_secs?: number; error?: { message?: string } } };
};

/** X's errors come as a problem (`title`, `detail`) or a list (`errors[].message`); a media failure is said so. */
const xCall = (fetcher: Fetcher): PlatformCall => ({
  platform: 'twitter',
  fetcher,
  errorText: (b) => {
    const body = b as XProblem | undefined;
    return body?.detail ?? body?.errors?.[0]?.message ?? body?.errors?.[0]?.detail ?? body?.title;
  },
  retryAfter: (h) => {
    const reset = Number(h.get('x-rate-limit-reset'));
    return Number.isFinite(reset) && reset > 0 ? reset - Date.now() / 1000 : undefined;
  },
});

/**
 * X (Twitter) API v2 with OAuth 2.0 Authorization Code + PKCE as a confidential client (Basic client
 * credentials on the token calls): tokens live 2 hours and come with a refresh token; media go up
 * through the v2 chunked upload (initialize, append, finalize, status) before the post names them.
 */
export function twitterAdapter(config: AppConfig, fetcher: Fetcher = globalFetch): SocialAdapter {
  const call = xCall(fetcher);
  const basic = `Basic ${btoa(`${config.TWITTER_CLIENT_ID}:${config.TWITTER_CLIENT_SECRET}`)}`;
  const tokenCall = async (fields: Record<string, string | undefined>): Promise<SocialTokens> => {
    const t = await platformJson<TokenAnswer>(call, `${API}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: form(fields),
    });
    if (!t.access_token) throw new SocialPlatformError('rejected', 'X did not give an access token');
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? null,
      expiresAt: expiresIn(t.expires_in),
      scope: t.scope ?? null,
    };
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function upload(token: string, media: PublishMedia): Promise<string> {
    const bytes = new Uint8Array(await media.bytes());
    const category = media.kind === 'video' ? 'tweet_video' : media.mimeType === 'image/gif' ? 'tweet_gif' : 'tweet_image';
    const init = await platformJson<MediaAnswer>(call, `${API}/media/upload/initialize`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ media_type: media.mimeType, total_bytes: bytes.byteLength, media_category: category }),
    }).catch(asMediaError);
    const id = init.data?.id;
    if (!id) throw new SocialPlatformError('rejected_media', 'X did not accept the media upload');
    for (let i = 0, segment = 0; i < bytes.byteLength; i += CHUNK, segment++) {
      const part = new FormData();
      part.set('segment_index', String(segment));
      part.set('media', new Blob([bytes.subarray(i, i + CHUNK)], { type: 'application/octet-stream' }));
      await platformFetch(call, `${API}/media/upload/${id}/append`, { method: 'POST', headers: bearer(token), body: part }).catch(
        asMediaError,
      );
    }
    let state = (
      await platformJson<MediaAnswer>(call, `${API}/media/upload/${id}/finalize`, { method: 'POST', headers: bearer(token) }).catch(
        asMediaError,
      )
    ).data?.processing_info;
    for (let tries = 0; state && state.state !== 'succeeded'; tries++) {
      if (state.state === 'failed')
        throw new SocialPlatformError('rejected_media', `X: ${state.error?.message ?? 'the media could not be processed'}`);
      if (tries >= STATUS_TRIES) throw new SocialPlatformError('unavailable', 'X is still processing the video; retry in a few minutes');
      await new Promise((r) => setTimeout(r, Math.min(5, state?.check_after_secs ?? 1) * 1000));
      state = (
        await platformJson<MediaAnswer>(call, `${API}/media/upload?${new URLSearchParams({ command: 'STATUS', media_id: id })}`, {
          headers: bearer(token),
        })
      ).data?.processing_info;
    }
    return id;
  }

  return {
    platform: 'twitter',
    pkce: true,
    canRefresh: true,
    canRevoke: true,
    authorizeUrl: ({ state, redirectUri, codeChallenge }) =>
      `${AUTHORIZE_URL}?${new URLSearchParams({
        response_type: 'code',
        client_id: config.TWITTER_CLIENT_ID ?? '',
        redirect_uri: redirectUri,
        scope: X_SCOPES,
        state,
        code_challenge: codeChallenge ?? '',
        code_challenge_method: 'S256',
      })}`,
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const tokens = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier });
      const me = await platformJson<{ data?: { id?: string; name?: string; username?: string } }>(call, `${API}/users/me`, {
        headers: bearer(tokens.accessToken),
      });
      if (!me.data?.id) throw new SocialPlatformError('rejected', 'X did not say which account this is');
      return {
        ...tokens,
        externalId: me.data.id,
        name: me.data.name ?? me.data.username ?? 'X account',
        username: me.data.username ?? null,
        extra: { username: me.data.username ?? '' },
      };
    },
    async refresh(account) {
      if (!account.refreshToken) throw new SocialPlatformError('expired_token', 'X gave no refresh token; reconnect the account');
      const tokens = await tokenCall({ grant_type: 'refresh_token', refresh_token: account.refreshToken });
      return { ...tokens, refreshToken: tokens.refreshToken ?? account.refreshToken };
    },
    async revoke(account) {
      await platformFetch(call, `${API}/oauth2/revoke`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: form({
          token: account.refreshToken ?? account.accessToken,
          token_type_hint: account.refreshToken ? 'refresh_token' : 'access_token',
        }),
      });
    },
    async publish(account, post) {
      const mediaIds: string[] = [];
      for (const m of post.media) mediaIds.push(await upload(account.accessToken, m));
      const created = await platformJson<{ data?: { id?: string } }>(call, `${API}/tweets`, {
        method: 'POST',
        headers: { ...bearer(account.accessToken), 'content-type': 'application/json' },
        body: JSON.stringify({ text: post.text, ...(mediaIds.length ? { media: { media_ids: mediaIds } } : {}) }),
      });
      const id = created.data?.id;
      if (!id) throw new SocialPlatformError('unavailable', 'X did not say whether the post was made');
      const handle = account.extra.username;
      return { externalId: id, url: handle ? `https://x.com/${handle}/status/${id}` : `https://x.com/i/web/status/${id}` };
    },
  };
}

/** A refusal while uploading is about the file (its size, type or length), unless the token or the rate is the problem. */
function asMediaError(err: unknown): never {
  if (err instanceof SocialPlatformError && err.kind === 'rejected')
    throw new SocialPlatformError('rejected_media', err.message, err.status ? { status: err.status } : {});
  throw err;
}
