import { newSecret } from '#core/ids.ts';
import { isSocialPlatform, SOCIAL_PLATFORMS, type SocialPlatform } from '#core/social/platforms.ts';
import { SOCIAL_MESSAGES } from '#core/social/social-options.ts';
import { socialOauthStates } from '#db/schema/index.ts';
import { sha256Hex } from '#worker/lib/digest.ts';
import { badRequest } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { pkceChallenge } from '#worker/lib/social/pkce.ts';
import { connectAdapter } from '#worker/lib/social/registry.ts';
import { encryptToken } from '#worker/lib/social/token-crypto.ts';

/** An OAuth flow must come back within this long (decision 013). */
export const STATE_TTL_MS = 10 * 60_000;
export const OAUTH_COOKIE = 'dojo_social_oauth';
export const CALLBACK_BASE = '/api/social-media/accounts/callback';

export const callbackUri = (origin: string, platform: SocialPlatform) => `${origin}${CALLBACK_BASE}/${platform}`;

/** The nonce cookie: HttpOnly, Lax (it must come back on the platform's top-level redirect), scoped to the callback. */
export const oauthCookieOptions = (origin: string) => ({
  httpOnly: true,
  sameSite: 'Lax' as const,
  path: CALLBACK_BASE,
  // Browsers drop Secure cookies on plain http, which only the local machine may use.
  secure: !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin),
});

/** A path's platform, or 400 naming the supported ones (spec 8). */
export function platformParam(raw: string): SocialPlatform {
  const name = raw.trim().toLowerCase();
  // The name is echoed as sent, cut short: a path can be long.
  if (!isSocialPlatform(name)) throw badRequest(SOCIAL_MESSAGES.unsupported([raw.slice(0, 40)], SOCIAL_PLATFORMS));
  return name;
}

/**
 * POST /accounts/connect/:platform. The state (kept as its hash) and the PKCE verifier (kept sealed) are
 * bound to the admin, their token version and a nonce the browser keeps in a cookie; the caller sets
 * that cookie and sends the admin to `authorizeUrl`.
 */
export async function startConnect(ctx: ServiceCtx, platform: SocialPlatform, now = new Date()) {
  const user = signedIn(ctx);
  const { adapter, mode } = connectAdapter(ctx, platform);
  const state = newSecret();
  const nonce = newSecret();
  const stateHash = await sha256Hex(state);
  const verifier = adapter.pkce ? newSecret() : null;
  const redirectUri = callbackUri(ctx.origin, platform);
  await ctx.db.insert(socialOauthStates).values({
    stateHash,
    platform,
    userId: user.id,
    tokenVersion: user.tokenVersion,
    nonceHash: await sha256Hex(nonce),
    codeVerifierEnc: verifier ? await encryptToken(ctx.config, { rowId: stateHash, field: 'verifier' }, verifier) : null,
    redirectUri,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  const authorizeUrl = adapter.authorizeUrl({
    state,
    redirectUri,
    ...(verifier ? { codeChallenge: await pkceChallenge(verifier) } : {}),
  });
  return { authorizeUrl, platform, mode, nonce };
}
