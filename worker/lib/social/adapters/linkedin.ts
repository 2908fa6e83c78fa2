import type { AppConfig } from '#worker/config.ts';
import { expiresIn, form, platformFetch, platformJson } from '#worker/lib/social/http.ts';
import {
  globalFetch,
  SocialPlatformError,
  type AccountCredentials,
  type Fetcher,
  type PublishRequest,
  type SocialAdapter,
} from '#worker/lib/social/platform.ts';
import { LINKEDIN_OAUTH, LINKEDIN_REST, linkedinCall, littleText, personUrn, restHeaders } from './linkedin-api.ts';
import { uploadImage, uploadVideo, type VideoPolling } from './linkedin-media.ts';

/** Sign in with LinkedIn (OpenID Connect) for the member's id and name, and the right to post as them. */
export const LINKEDIN_SCOPES = ['openid', 'profile', 'w_member_social'] as const;
const POLLING: VideoPolling = { tries: 5, delayMs: 2_000 };

type TokenAnswer = { access_token?: string; expires_in?: number; scope?: string };
type UserInfo = { sub?: string; name?: string; given_name?: string; family_name?: string };

/**
 * A LinkedIn member through the Posts API: the school posts as the admin who connected. Member tokens
 * last 60 days and refresh tokens are for approved partners only, so the admin is told to reconnect.
 */
export function linkedinAdapter(config: AppConfig, fetcher: Fetcher = globalFetch, polling = POLLING): SocialAdapter {
  const call = linkedinCall(fetcher);
  const mediaCall = linkedinCall(fetcher, true);
  const app = () => ({ client_id: config.LINKEDIN_CLIENT_ID ?? '', client_secret: config.LINKEDIN_CLIENT_SECRET ?? '' });

  async function content(account: AccountCredentials, post: PublishRequest) {
    const upload = { call: mediaCall, token: account.accessToken, owner: account.externalId };
    const video = post.media.find((m) => m.kind === 'video');
    if (video) return { media: { id: await uploadVideo(upload, video, polling), ...(video.title ? { title: video.title } : {}) } };
    const images: { id: string; altText?: string }[] = [];
    for (const m of post.media.filter((x) => x.kind === 'image'))
      images.push({ id: await uploadImage(upload, m), ...(m.altText ? { altText: m.altText } : {}) });
    if (images.length === 0) return undefined;
    return images.length === 1 ? { media: images[0] } : { multiImage: { images } };
  }

  async function publish(account: AccountCredentials, post: PublishRequest) {
    const body = {
      author: account.externalId,
      commentary: littleText(post.text),
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
      ...(post.media.length > 0 ? { content: await content(account, post) } : {}),
    };
    const res = await platformFetch(call, `${LINKEDIN_REST}/posts`, {
      method: 'POST',
      headers: { ...restHeaders(account.accessToken), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    // The new post's URN comes back only in this header (201, no body). Without it the post still went out.
    const urn = res.headers.get('x-restli-id');
    return urn ? { externalId: urn, url: `https://www.linkedin.com/feed/update/${urn}` } : { externalId: '', url: null };
  }

  return {
    platform: 'linkedin',
    pkce: false,
    canRefresh: false,
    canRevoke: true,
    authorizeUrl: ({ state, redirectUri }) =>
      `${LINKEDIN_OAUTH}/authorization?${new URLSearchParams({
        response_type: 'code',
        client_id: config.LINKEDIN_CLIENT_ID ?? '',
        redirect_uri: redirectUri,
        state,
        scope: LINKEDIN_SCOPES.join(' '),
      })}`,
    async exchangeCode({ code, redirectUri }) {
      const tokens = await platformJson<TokenAnswer>(call, `${LINKEDIN_OAUTH}/accessToken`, {
        method: 'POST',
        body: form({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...app() }),
      });
      if (!tokens.access_token) throw new SocialPlatformError('unavailable', 'LinkedIn gave no access token');
      const me = await platformJson<UserInfo>(call, 'https://api.linkedin.com/v2/userinfo', {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      if (!me.sub) throw new SocialPlatformError('unavailable', 'LinkedIn did not say who signed in');
      return {
        externalId: personUrn(me.sub),
        name: me.name || [me.given_name, me.family_name].filter(Boolean).join(' ') || 'LinkedIn member',
        username: null,
        accessToken: tokens.access_token,
        refreshToken: null,
        expiresAt: expiresIn(tokens.expires_in),
        scope: tokens.scope ?? null,
      };
    },
    async refresh() {
      throw new SocialPlatformError('expired_token', 'LinkedIn access cannot be renewed here; reconnect the account');
    },
    async revoke(account) {
      await platformJson(call, `${LINKEDIN_OAUTH}/revoke`, { method: 'POST', body: form({ ...app(), token: account.accessToken }) });
    },
    publish,
  };
}
