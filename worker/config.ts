import { z } from 'zod';
import { fromBase64Url } from '#core/push/base64url.ts';
import type { Bindings } from './env.ts';
import { vapidSettings } from './lib/vapid-config.ts';

function isRsaPrivateJwk(value: string): boolean {
  try {
    const jwk = JSON.parse(value) as Record<string, unknown>;
    return jwk.kty === 'RSA' && ['n', 'e', 'd', 'p', 'q'].every((k) => typeof jwk[k] === 'string');
  } catch {
    return false;
  }
}

/** A rate limit: at most `limit` hits per `windowSeconds`. Written in the environment as "limit/seconds". */
export type RateLimit = { limit: number; windowSeconds: number };

/**
 * Every rate limit of the product, with its default. An operator overrides one by setting the
 * environment variable of the same name (e.g. RATE_LIMIT_LOGIN_ACCOUNT="5/900"); README lists them.
 */
export const RATE_LIMIT_DEFAULTS = {
  RATE_LIMIT_LOGIN_ACCOUNT: '10/900',
  RATE_LIMIT_LOGIN_IP: '50/900',
  RATE_LIMIT_REGISTER_IP: '20/3600',
  RATE_LIMIT_PASSWORD_RESET_ACCOUNT: '5/3600',
  RATE_LIMIT_PASSWORD_RESET_IP: '20/3600',
  RATE_LIMIT_VERIFICATION_ACCOUNT: '5/3600',
  RATE_LIMIT_ENQUIRY_IP: '5/600',
  RATE_LIMIT_COUPON_IP: '100/600',
  RATE_LIMIT_MESSAGE_USER: '20/60',
  RATE_LIMIT_LOCATION_USER: '30/3600',
  RATE_LIMIT_PIN_USER: '10/3600',
} as const;
export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;

const rateLimit = z
  .string()
  .regex(/^\d+\/\d+$/, 'must look like "limit/seconds"')
  .transform((v): RateLimit => {
    const [limit, seconds] = v.split('/').map(Number) as [number, number];
    return { limit, windowSeconds: seconds };
  });

const base64Bytes = (v: string) => fromBase64Url(v.replace(/\+/g, '-').replace(/\//g, '_'))?.length ?? -1;

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

const configSchema = z.object({
  LIBSQL_URL: z.string().url(),
  LIBSQL_AUTH_TOKEN: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 24),
  APP_ENV: z.enum(['local', 'test', 'production']).default('production'),
  PUBLIC_URL: z.string().url().optional(),
  REQUIRE_EMAIL_VERIFICATION: bool.default(false),
  MAIL_PROVIDER: z.enum(['outbox', 'resend']).default('outbox'),
  MAIL_API_KEY: z.string().optional(),
  MAIL_FROM: z.string().default('Dojo <no-reply@dojo.local>'),
  DB_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  AVATAR_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  // Payments (worker/lib/payments): a gateway is offered only when all of its secrets are set.
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_API_BASE: z.string().url().default('https://api-m.sandbox.paypal.com'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /** Signs the local sandbox's payment proofs; derived from JWT_SECRET when unset. */
  SANDBOX_PAYMENT_SECRET: z.string().min(32).optional(),
  /** Seconds a webhook's timestamp may be old (Stripe's tolerance; PayPal and Razorpay send none we can trust). */
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().positive().default(300),
  // Meetings (worker/lib/zoom.ts): meetings are made on Zoom only when all three are set; otherwise admins paste a link.
  ZOOM_ACCOUNT_ID: z.string().optional(),
  ZOOM_CLIENT_ID: z.string().optional(),
  ZOOM_CLIENT_SECRET: z.string().optional(),
  // Social platforms (worker/lib/social): a platform connects for real only when its app's id and secret are set;
  // otherwise (locally and in tests) the local publisher stands in. Instagram posts through the Facebook app.
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  LINKEDIN_CLIENT_ID: z.string().optional(),
  LINKEDIN_CLIENT_SECRET: z.string().optional(),
  TWITTER_CLIENT_ID: z.string().optional(),
  TWITTER_CLIENT_SECRET: z.string().optional(),
  TIKTOK_CLIENT_KEY: z.string().optional(),
  TIKTOK_CLIENT_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** 32 random bytes, base64: the AES-GCM key of the platforms' tokens at rest. Required in production once a platform is configured. */
  SOCIAL_TOKEN_KEY: z
    .string()
    .refine((v) => base64Bytes(v) === 32, 'must be 32 bytes in base64')
    .optional(),
  // Location detection (worker/features/location): each provider is used when its key is set, else the local stand-in.
  BIGDATACLOUD_API_KEY: z.string().optional(),
  IPAPI_KEY: z.string().optional(),
  ORDER_PAYMENT_WINDOW_MINUTES: z.coerce.number().int().positive().max(10_080).default(30),
  /** Open unpaid orders placed from one address at once (the per-account cap is the school's setting). */
  ORDER_UNPAID_PER_IP: z.coerce.number().int().positive().default(10),
  // Web Push (worker/lib/push.ts): off unless both keys are set. The private key is a P-256 JWK (JSON),
  // the public key its uncompressed point in base64url (what browsers take as applicationServerKey).
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** The contact push services see in the VAPID JWT; defaults to MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .optional(),
  /** Signs certificates' VC-JWTs (RS256): an RSA private JWK (JSON); without it a credential is refused with 503. Secret. */
  CERTIFICATE_SIGNING_KEY: z.string().refine(isRsaPrivateJwk, 'must be an RSA private key as a JWK (JSON)').optional(),
  ...Object.fromEntries(Object.entries(RATE_LIMIT_DEFAULTS).map(([k, d]) => [k, rateLimit.prefault(d)])),
});

export type AppConfig = Omit<z.infer<typeof configSchema>, RateLimitName | 'VAPID_SUBJECT'> & {
  /** Always set: the configured subject or one made from MAIL_FROM. */
  VAPID_SUBJECT: string;
  rateLimits: Record<RateLimitName, RateLimit>;
};

/**
 * The one rule for every outside adapter (a payment gateway, a social platform's app, the mail service,
 * Zoom): it is configured when every setting it needs is set, and only then offered.
 */
export function configured<C extends object, K extends keyof C>(
  config: C,
  keys: readonly K[],
): config is C & { [P in K]-?: NonNullable<C[P]> } {
  return keys.every((k) => Boolean(config[k]));
}

/** What the Zoom adapter needs (meetings); without all three, a meeting needs the admin's own link. */
export const ZOOM_SETTINGS = ['ZOOM_ACCOUNT_ID', 'ZOOM_CLIENT_ID', 'ZOOM_CLIENT_SECRET'] as const;

/** What the location providers need: BigDataCloud's reverse geocoding, ipapi.co's IP geolocation. */
export const LOCATION_SETTINGS = { reverse: ['BIGDATACLOUD_API_KEY'], ip: ['IPAPI_KEY'] } as const;

/** Every setting each real gateway needs: all of them or none (a partly configured gateway refuses to start). */
export const GATEWAY_SETTINGS = {
  stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  paypal: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
  razorpay: ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'],
} as const;

function checkGateways(data: Record<string, unknown>) {
  for (const [gateway, names] of Object.entries(GATEWAY_SETTINGS)) {
    const missing = names.filter((k) => !data[k]);
    if (missing.length && missing.length < names.length)
      throw new Error(
        `Invalid configuration: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required once ${gateway} is configured (set every setting of a gateway, or none)`,
      );
  }
  const none = !Object.values(GATEWAY_SETTINGS).some((names) => configured(data, names));
  if (data.APP_ENV === 'production' && none)
    console.error(
      JSON.stringify({ level: 'warn', message: 'No payment gateway is configured: online payment is off (checkout answers 503)' }),
    );
}

let cached: { source: Bindings; config: AppConfig } | undefined;

/** Parses the environment once per isolate; a missing or malformed secret fails loudly. */
export function loadConfig(env: Bindings): AppConfig {
  if (cached?.source === env) return cached.config;
  const plain = Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string' && v !== ''));
  const parsed = configSchema.safeParse(plain);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${detail}`);
  }
  const data = parsed.data as Record<string, unknown>;
  const rateLimits = Object.fromEntries(Object.keys(RATE_LIMIT_DEFAULTS).map((k) => [k, data[k]])) as AppConfig['rateLimits'];
  if (data.MAIL_PROVIDER === 'resend' && !data.MAIL_API_KEY)
    throw new Error('Invalid configuration: MAIL_API_KEY is required with MAIL_PROVIDER=resend');
  const socialApp = ['FACEBOOK_APP_ID', 'LINKEDIN_CLIENT_ID', 'TWITTER_CLIENT_ID', 'TIKTOK_CLIENT_KEY', 'GOOGLE_CLIENT_ID'].some(
    (k) => data[k],
  );
  if (data.APP_ENV === 'production' && socialApp && !data.SOCIAL_TOKEN_KEY)
    throw new Error('Invalid configuration: SOCIAL_TOKEN_KEY is required once a social platform is configured');
  checkGateways(data);
  const vapid = vapidSettings(parsed.data);
  const config = { ...(parsed.data as object), ...vapid, rateLimits } as AppConfig;
  cached = { source: env, config };
  return config;
}
