import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { RATE_LIMIT_DEFAULTS, type AppConfig } from '#worker/config.ts';
import { ROOT } from './paths.ts';

/**
 * The Worker's settings, which worker/config.ts parses. Rate limits come from its runtime list; the type
 * makes tsc fail here when config.ts gains or loses a setting, so this list cannot drift from it.
 */
const CONFIG_SETTINGS = {
  LIBSQL_URL: true,
  LIBSQL_AUTH_TOKEN: true,
  JWT_SECRET: true,
  JWT_TTL_SECONDS: true,
  APP_ENV: true,
  PUBLIC_URL: true,
  REQUIRE_EMAIL_VERIFICATION: true,
  MAIL_PROVIDER: true,
  MAIL_API_KEY: true,
  MAIL_FROM: true,
  DB_TIMEOUT_MS: true,
  AVATAR_MAX_BYTES: true,
  STRIPE_SECRET_KEY: true,
  STRIPE_WEBHOOK_SECRET: true,
  PAYPAL_CLIENT_ID: true,
  PAYPAL_CLIENT_SECRET: true,
  PAYPAL_WEBHOOK_ID: true,
  PAYPAL_API_BASE: true,
  RAZORPAY_KEY_ID: true,
  RAZORPAY_KEY_SECRET: true,
  RAZORPAY_WEBHOOK_SECRET: true,
  SANDBOX_PAYMENT_SECRET: true,
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: true,
  ORDER_PAYMENT_WINDOW_MINUTES: true,
  ORDER_UNPAID_PER_IP: true,
  ZOOM_ACCOUNT_ID: true,
  ZOOM_CLIENT_ID: true,
  ZOOM_CLIENT_SECRET: true,
  FACEBOOK_APP_ID: true,
  FACEBOOK_APP_SECRET: true,
  LINKEDIN_CLIENT_ID: true,
  LINKEDIN_CLIENT_SECRET: true,
  TWITTER_CLIENT_ID: true,
  TWITTER_CLIENT_SECRET: true,
  TIKTOK_CLIENT_KEY: true,
  TIKTOK_CLIENT_SECRET: true,
  GOOGLE_CLIENT_ID: true,
  GOOGLE_CLIENT_SECRET: true,
  SOCIAL_TOKEN_KEY: true,
  BIGDATACLOUD_API_KEY: true,
  IPAPI_KEY: true,
  VAPID_PUBLIC_KEY: true,
  VAPID_PRIVATE_KEY: true,
  VAPID_SUBJECT: true,
  CERTIFICATE_SIGNING_KEY: true,
} satisfies Record<Exclude<keyof AppConfig, 'rateLimits'>, true>;

export const WORKER_SETTINGS: readonly string[] = [...Object.keys(CONFIG_SETTINGS), ...Object.keys(RATE_LIMIT_DEFAULTS)];

/**
 * What the operator set for the Worker: every line of `.dev.vars` (wrangler's file, passed whole as
 * wrangler does), then the Worker's settings from the environment, which win, as `--var` wins in wrangler.
 * Other environment variables (PATH, HOME, …) never reach the Worker.
 */
export function operatorSettings(env: NodeJS.ProcessEnv = process.env, devVarsFile = join(ROOT, '.dev.vars')): Record<string, string> {
  const fromFile = existsSync(devVarsFile) ? parseEnv(readFileSync(devVarsFile, 'utf8')) : {};
  const fromEnv = WORKER_SETTINGS.flatMap((name) => (env[name] !== undefined ? [[name, env[name]]] : []));
  return { ...(fromFile as Record<string, string>), ...Object.fromEntries(fromEnv) };
}
