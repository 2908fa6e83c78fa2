import type { AppConfig } from '#worker/config.ts';
import { form, platformFetch } from '#worker/lib/social/http.ts';
import { globalFetch, SocialPlatformError, type Fetcher, type SocialAdapter } from '#worker/lib/social/platform.ts';
import { TIKTOK_API, tiktokCall, tiktokJson, tiktokRefusal, tiktokTokens } from './tiktok-api.ts';
import { creatorInfo, initPost, publicPostId } from './tiktok-publish.ts';

const AUTHORIZE_URL = 'https://www.tiktok.com/v2/auth/authorize/';
/** Who the account is (display name) and posting for it; TikTok's scopes are comma-separated. */
export const TIKTOK_SCOPES = 'user.info.basic,video.publish';

/**
 * TikTok Login Kit for web (a confidential client: key and secret on the token calls; TikTok's web flow
 * takes no PKCE, only its desktop and mobile flows do) and the Content Posting API's Direct Post, where
 * TikTok pulls the video or photos from their public URLs. Access tokens live a day; refresh tokens
 * rotate, so each refresh keeps the new one.
 */
export function tiktokAdapter(config: AppConfig, fetcher: Fetcher = globalFetch): SocialAdapter {
  const call = tiktokCall(fetcher);
  const app = { client_key: config.TIKTOK_CLIENT_KEY, client_secret: config.TIKTOK_CLIENT_SECRET };

  return {
    platform: 'tiktok',
    pkce: false,
    canRefresh: true,
    canRevoke: true,
    authorizeUrl: ({ state, redirectUri }) =>
      `${AUTHORIZE_URL}?${new URLSearchParams({
        client_key: config.TIKTOK_CLIENT_KEY ?? '',
        scope: TIKTOK_SCOPES,
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
      })}`,
    async exchangeCode({ code, redirectUri }) {
      const { openId, ...tokens } = await tiktokTokens(call, {
        ...app,
        code,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
      });
      // The admin may untick a scope on TikTok's consent page; without posting there is nothing to connect.
      if (tokens.scope && !tokens.scope.split(',').includes('video.publish'))
        throw new SocialPlatformError('rejected', 'TikTok: allow posting videos (video.publish) when connecting the account');
      const bearer = { authorization: `Bearer ${tokens.accessToken}` };
      const me = await tiktokJson<{ data?: { user?: { open_id?: string; display_name?: string } } }>(
        call,
        `${TIKTOK_API}/user/info/?fields=open_id,display_name`,
        { headers: bearer },
      );
      const externalId = me.data?.user?.open_id ?? openId;
      if (!externalId) throw new SocialPlatformError('rejected', 'TikTok did not say which account this is');
      // The username needs user.info.profile on /user/info; the posting scope's creator info carries it.
      const creator = await creatorInfo(call, tokens.accessToken);
      const username = creator.creator_username ?? null;
      return {
        ...tokens,
        externalId,
        name: me.data?.user?.display_name || creator.creator_nickname || username || 'TikTok account',
        username,
        extra: { username: username ?? '' },
      };
    },
    async refresh(account) {
      if (!account.refreshToken) throw new SocialPlatformError('expired_token', 'TikTok gave no refresh token; reconnect the account');
      const { openId: _openId, ...tokens } = await tiktokTokens(call, {
        ...app,
        grant_type: 'refresh_token',
        refresh_token: account.refreshToken,
      });
      return { ...tokens, refreshToken: tokens.refreshToken ?? account.refreshToken };
    },
    async revoke(account) {
      const res = await platformFetch(call, `${TIKTOK_API}/oauth/revoke/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form({ ...app, token: account.accessToken }),
      });
      const refusal = tiktokRefusal(await res.json().catch(() => undefined));
      if (refusal) throw refusal;
    },
    async publish(account, post) {
      const creator = await creatorInfo(call, account.accessToken);
      const publishId = await initPost(call, account.accessToken, creator, post);
      const postId = await publicPostId(call, account.accessToken, publishId);
      const username = account.extra.username || creator.creator_username;
      const path = post.media.some((m) => m.kind === 'video') ? 'video' : 'photo';
      return {
        externalId: publishId,
        url: postId && username ? `https://www.tiktok.com/@${username}/${path}/${postId}` : null,
      };
    },
  };
}
