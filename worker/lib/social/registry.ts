import { appSettingsText, PLATFORM_APP_SETTINGS } from '#core/social/platform-apps.ts';
import { PLATFORM_LABELS, SOCIAL_PLATFORMS, type SocialPlatform } from '#core/social/platforms.ts';
import type { SocialAccountRow } from '#db/schema/index.ts';
import { configured, type AppConfig } from '#worker/config.ts';
import { badRequest } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { facebookAdapter } from './adapters/facebook.ts';
import { instagramAdapter } from './adapters/instagram.ts';
import { linkedinAdapter } from './adapters/linkedin.ts';
import { tiktokAdapter } from './adapters/tiktok.ts';
import { twitterAdapter } from './adapters/twitter.ts';
import { youtubeAdapter } from './adapters/youtube.ts';
import { localAdapter } from './local-publisher.ts';
import { SocialPlatformError, type SocialAdapter } from './platform.ts';

type App = { secrets: readonly (keyof AppConfig)[]; make: (config: AppConfig) => SocialAdapter };

/** Each platform's app: the secrets that must all be set for it to connect for real (core's list, shown in the screen too), and its adapter. */
export const SOCIAL_APPS: Record<SocialPlatform, App> = {
  facebook: { secrets: PLATFORM_APP_SETTINGS.facebook, make: (c) => facebookAdapter(c) },
  instagram: { secrets: PLATFORM_APP_SETTINGS.instagram, make: (c) => instagramAdapter(c) },
  linkedin: { secrets: PLATFORM_APP_SETTINGS.linkedin, make: (c) => linkedinAdapter(c) },
  tiktok: { secrets: PLATFORM_APP_SETTINGS.tiktok, make: (c) => tiktokAdapter(c) },
  twitter: { secrets: PLATFORM_APP_SETTINGS.twitter, make: (c) => twitterAdapter(c) },
  youtube: { secrets: PLATFORM_APP_SETTINGS.youtube, make: (c) => youtubeAdapter(c) },
};

export const platformConfigured = (config: AppConfig, platform: SocialPlatform) => configured(config, SOCIAL_APPS[platform].secrets);

/** Locally and in tests a platform without an app connects through the local stand-in. */
const localAllowed = (config: AppConfig) => config.APP_ENV === 'local' || config.APP_ENV === 'test';

/** How each platform would connect here: 'live' (its app is set up), 'local' (the stand-in), or null (not available). */
export function connectModes(config: AppConfig): Record<SocialPlatform, 'live' | 'local' | null> {
  return Object.fromEntries(
    SOCIAL_PLATFORMS.map((p) => [p, platformConfigured(config, p) ? 'live' : localAllowed(config) ? 'local' : null]),
  ) as Record<SocialPlatform, 'live' | 'local' | null>;
}

/** The adapter that runs a new connection; 400 naming the secrets when the platform is not set up here. */
export function connectAdapter(
  ctx: Pick<ServiceCtx, 'config' | 'db' | 'origin'>,
  platform: SocialPlatform,
): { adapter: SocialAdapter; mode: 'live' | 'local' } {
  const mode = connectModes(ctx.config)[platform];
  if (mode === 'live') return { adapter: SOCIAL_APPS[platform].make(ctx.config), mode };
  if (mode === 'local') return { adapter: localAdapter(platform, ctx.db, ctx.origin), mode };
  throw badRequest(`${PLATFORM_LABELS[platform]} is not set up on this server: set ${appSettingsText(platform)}`);
}

/** The adapter that speaks for a stored account: the local stand-in for a local account, else the platform's own. */
export function accountAdapter(
  ctx: Pick<ServiceCtx, 'config' | 'db' | 'origin'>,
  account: Pick<SocialAccountRow, 'platform' | 'mode'>,
): SocialAdapter {
  if (account.mode === 'local') return localAdapter(account.platform, ctx.db, ctx.origin);
  if (!platformConfigured(ctx.config, account.platform))
    throw new SocialPlatformError(
      'not_connected',
      `${PLATFORM_LABELS[account.platform]} is no longer set up on this server; reconnect the account`,
    );
  return SOCIAL_APPS[account.platform].make(ctx.config);
}

/** Whether the account's token can be renewed here without the admin (false when its platform's app is no longer set up). */
export function accountCanRefresh(
  ctx: Pick<ServiceCtx, 'config' | 'db' | 'origin'>,
  account: Pick<SocialAccountRow, 'platform' | 'mode'>,
): boolean {
  try {
    return accountAdapter(ctx, account).canRefresh;
  } catch {
    return false;
  }
}
