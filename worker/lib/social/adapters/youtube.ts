import type { AppConfig } from '#worker/config.ts';
import { form, platformFetch, platformJson } from '#worker/lib/social/http.ts';
import { globalFetch, SocialPlatformError, type Fetcher, type SocialAdapter } from '#worker/lib/social/platform.ts';
import { GOOGLE_REVOKE_URL, googleTokens, youtubeCall } from './google-api.ts';
import { uploadVideo } from './youtube-upload.ts';

const AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const UPLOAD_SCOPE = 'https://www.googleapis.com/auth/youtube.upload';
/** Upload videos, and read which channel the account is. */
export const YOUTUBE_SCOPES = `${UPLOAD_SCOPE} https://www.googleapis.com/auth/youtube.readonly`;
const CHANNELS_URL = 'https://www.googleapis.com/youtube/v3/channels?part=snippet&mine=true';

type Channels = { items?: { id?: string; snippet?: { title?: string; customUrl?: string } }[] };

/**
 * YouTube through Google OAuth 2 (web server flow with PKCE S256, offline access for a refresh token,
 * consent asked every time so Google sends one) and the YouTube Data API v3: a post is one video,
 * uploaded with the resumable protocol. Access tokens live an hour; Google keeps the refresh token.
 */
export function youtubeAdapter(config: AppConfig, fetcher: Fetcher = globalFetch): SocialAdapter {
  const call = youtubeCall(fetcher);
  const app = { client_id: config.GOOGLE_CLIENT_ID, client_secret: config.GOOGLE_CLIENT_SECRET };

  return {
    platform: 'youtube',
    pkce: true,
    canRefresh: true,
    canRevoke: true,
    authorizeUrl: ({ state, redirectUri, codeChallenge }) =>
      `${AUTHORIZE_URL}?${new URLSearchParams({
        client_id: config.GOOGLE_CLIENT_ID ?? '',
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: YOUTUBE_SCOPES,
        access_type: 'offline',
        prompt: 'consent',
        state,
        code_challenge: codeChallenge ?? '',
        code_challenge_method: 'S256',
      })}`,
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const tokens = await googleTokens(call, {
        ...app,
        code,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      });
      // Google's consent screen lets the admin untick a scope; without uploads there is nothing to connect.
      if (tokens.scope && !tokens.scope.split(' ').includes(UPLOAD_SCOPE))
        throw new SocialPlatformError('rejected', 'YouTube: allow managing your YouTube videos (uploads) when connecting the account');
      const channels = await platformJson<Channels>(call, CHANNELS_URL, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
      const channel = channels.items?.[0];
      if (!channel?.id)
        throw new SocialPlatformError('rejected', 'YouTube: this Google account has no YouTube channel; create one, then connect again');
      return {
        ...tokens,
        externalId: channel.id,
        name: channel.snippet?.title || 'YouTube channel',
        username: channel.snippet?.customUrl ?? null,
      };
    },
    async refresh(account) {
      if (!account.refreshToken) throw new SocialPlatformError('expired_token', 'YouTube gave no refresh token; reconnect the account');
      const tokens = await googleTokens(call, { ...app, grant_type: 'refresh_token', refresh_token: account.refreshToken });
      return { ...tokens, refreshToken: tokens.refreshToken ?? account.refreshToken };
    },
    async revoke(account) {
      // Revoking the refresh token ends the whole grant (its access tokens too).
      await platformFetch(call, GOOGLE_REVOKE_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form({ token: account.refreshToken ?? account.accessToken }),
      }).catch((err: unknown) => {
        // Already expired or revoked: what we asked for is done.
        if (err instanceof SocialPlatformError && err.status === 400 && /invalid_token|expired or revoked/i.test(err.message)) return;
        throw err;
      });
    },
    async publish(account, post) {
      const videos = post.media.filter((m) => m.kind === 'video');
      if (videos.length !== 1 || post.media.length !== 1)
        throw new SocialPlatformError('rejected_media', 'YouTube takes exactly one video per post');
      const id = await uploadVideo(call, account.accessToken, post, videos[0]!);
      return { externalId: id, url: `https://www.youtube.com/watch?v=${encodeURIComponent(id)}` };
    },
  };
}
