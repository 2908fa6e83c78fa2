import { PLATFORM_LABELS } from '#core/social/platforms.ts';
import type { AppConfig } from '#worker/config.ts';
import { platformJson, type PlatformCall } from '#worker/lib/social/http.ts';
import { SocialPlatformError, type ConnectedAccount, type SocialAdapter, type SocialTokens } from '#worker/lib/social/platform.ts';
import { GRAPH, GRAPH_VERSION, graphRequest } from './graph-api.ts';

/** Facebook Login's consent dialog, for the Page (and Instagram) permissions a platform asks for. */
export function facebookLoginUrl(config: AppConfig, input: { state: string; redirectUri: string }, scopes: readonly string[]): string {
  const q = new URLSearchParams({
    client_id: config.FACEBOOK_APP_ID ?? '',
    redirect_uri: input.redirectUri,
    state: input.state,
    response_type: 'code',
    scope: scopes.join(','),
    // Asks again for a permission the admin once declined or we revoked on disconnect.
    auth_type: 'rerequest',
  });
  return `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth?${q}`;
}

export type ManagedPage = {
  id: string;
  name: string;
  access_token: string;
  /** What the admin may do on the Page; CREATE_CONTENT is needed to post. */
  tasks?: string[];
  instagram_business_account?: { id: string; username?: string; name?: string };
};

/** Whether the admin may post on the Page (publishing to the Page or its Instagram account needs CREATE_CONTENT). */
export const canPostOn = (page: ManagedPage) => !page.tasks || page.tasks.includes('CREATE_CONTENT');

/** An account that speaks with its Page's token: long-lived, renewed only by reconnecting (no refresh token). */
export const pageTokenAccount = (page: ManagedPage, account: Omit<ConnectedAccount, keyof SocialTokens>): ConnectedAccount => ({
  ...account,
  accessToken: page.access_token,
  refreshToken: null,
  expiresAt: null,
});

type TokenAnswer = { access_token?: string };

/**
 * Code → user token → long-lived user token (so the Page tokens from it never expire) → the user's id
 * (what revocation names) and whether `publishPermission` was granted (the dialog lets the admin untick
 * it: say so now, not at the first post) → the Pages with their tokens and linked Instagram accounts.
 */
export async function exchangeForPages(
  call: PlatformCall,
  config: AppConfig,
  input: { code: string; redirectUri: string },
  publishPermission: string,
): Promise<{ userId: string; pages: ManagedPage[] }> {
  const app = { client_id: config.FACEBOOK_APP_ID ?? '', client_secret: config.FACEBOOK_APP_SECRET ?? '' };
  const short = await platformJson<TokenAnswer>(
    call,
    `${GRAPH}/oauth/access_token?${new URLSearchParams({ ...app, redirect_uri: input.redirectUri, code: input.code })}`,
  );
  const long = await platformJson<TokenAnswer>(
    call,
    `${GRAPH}/oauth/access_token?${new URLSearchParams({ ...app, grant_type: 'fb_exchange_token', fb_exchange_token: tokenOf(call, short) })}`,
  );
  const userToken = tokenOf(call, long);
  const me = await graphRequest<{ id?: string; permissions?: { data?: { permission: string; status: string }[] } }>(
    call,
    config,
    userToken,
    'GET',
    `${GRAPH}/me`,
    { fields: 'id,name,permissions' },
  );
  if (!me.id) throw new SocialPlatformError('unavailable', `${PLATFORM_LABELS[call.platform]} did not say who signed in`);
  const granted = (me.permissions?.data ?? []).some((p) => p.permission === publishPermission && p.status === 'granted');
  if (!granted)
    throw new SocialPlatformError(
      'rejected',
      `${PLATFORM_LABELS[call.platform]}: the permission to publish (${publishPermission}) was not granted; reconnect and allow it`,
    );
  const pages = await graphRequest<{ data?: ManagedPage[] }>(call, config, userToken, 'GET', `${GRAPH}/me/accounts`, {
    fields: 'id,name,access_token,tasks,instagram_business_account{id,username,name}',
  });
  return { userId: me.id, pages: (pages.data ?? []).filter((p) => p.id && p.access_token) };
}

function tokenOf(call: PlatformCall, answer: TokenAnswer): string {
  if (!answer.access_token) throw new SocialPlatformError('unavailable', `${PLATFORM_LABELS[call.platform]} gave no access token`);
  return answer.access_token;
}

/**
 * Takes back one permission the admin granted (DELETE /{user-id}/permissions/{permission}) with the
 * app's own token: Facebook and Instagram share one app and one login, so disconnecting one platform
 * withdraws only its publishing permission and leaves the other connected.
 */
export async function revokePermission(call: PlatformCall, config: AppConfig, userId: string | undefined, permission: string) {
  if (!userId) return;
  const appToken = `${config.FACEBOOK_APP_ID ?? ''}|${config.FACEBOOK_APP_SECRET ?? ''}`;
  await platformJson(call, `${GRAPH}/${encodeURIComponent(userId)}/permissions/${permission}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${appToken}` },
  });
}

/**
 * How a platform of the Facebook app connects (Facebook Pages, Instagram): Facebook Login with `scopes`,
 * the account `choose` picks from the shared Pages, no renewal without the admin (they reconnect), and
 * disconnecting withdraws `permission` only.
 */
export function facebookLoginConnection(
  call: PlatformCall,
  config: AppConfig,
  {
    scopes,
    permission,
    renewedBy,
    choose,
  }: {
    scopes: readonly string[];
    permission: string;
    /** Who the refusal to renew names ("Facebook Page", "Instagram"). */
    renewedBy: string;
    choose: (pages: ManagedPage[], userId: string) => ConnectedAccount;
  },
): Omit<SocialAdapter, 'platform' | 'publish'> {
  return {
    pkce: false,
    canRefresh: false,
    canRevoke: true,
    authorizeUrl: (input) => facebookLoginUrl(config, input, scopes),
    async exchangeCode(input) {
      const { userId, pages } = await exchangeForPages(call, config, input, permission);
      return choose(pages, userId);
    },
    async refresh() {
      throw new SocialPlatformError('expired_token', `${renewedBy} access is renewed by reconnecting the account`);
    },
    revoke: (account) => revokePermission(call, config, account.extra.userId, permission),
  };
}
