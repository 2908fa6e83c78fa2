import { describe, expect, it } from 'vitest';
import { loadConfig, RATE_LIMIT_DEFAULTS } from './config.ts';
import type { Bindings } from './env.ts';

const base = { LIBSQL_URL: 'http://127.0.0.1:8080', JWT_SECRET: 'x'.repeat(32) } as unknown as Bindings;

describe('loadConfig', () => {
  it('parses every rate limit default into numbers', () => {
    const config = loadConfig({ ...base });
    for (const name of Object.keys(RATE_LIMIT_DEFAULTS) as (keyof typeof RATE_LIMIT_DEFAULTS)[]) {
      const [limit, seconds] = RATE_LIMIT_DEFAULTS[name].split('/').map(Number);
      expect(config.rateLimits[name]).toEqual({ limit, windowSeconds: seconds });
    }
  });
  it('lets an operator override one rate limit from the environment', () => {
    const config = loadConfig({ ...base, RATE_LIMIT_LOGIN_IP: '7/60' } as Bindings);
    expect(config.rateLimits.RATE_LIMIT_LOGIN_IP).toEqual({ limit: 7, windowSeconds: 60 });
  });
  it('fails loudly on a missing or weak secret and a malformed limit', () => {
    expect(() => loadConfig({ LIBSQL_URL: 'http://x' } as unknown as Bindings)).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ...base, JWT_SECRET: 'short' } as Bindings)).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ...base, RATE_LIMIT_LOGIN_IP: 'lots' } as Bindings)).toThrow(/RATE_LIMIT_LOGIN_IP/);
  });
});

describe('loadConfig: payment gateways', () => {
  it('refuses a partly configured gateway, naming the missing setting, in every environment', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk' } as unknown as Bindings)).toThrow(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET is required once stripe is configured',
    );
    expect(() => loadConfig({ ...base, APP_ENV: 'local', PAYPAL_CLIENT_ID: 'id', PAYPAL_WEBHOOK_ID: 'w' } as unknown as Bindings)).toThrow(
      /PAYPAL_CLIENT_SECRET is required once paypal/,
    );
    expect(() => loadConfig({ ...base, RAZORPAY_WEBHOOK_SECRET: 'w' } as unknown as Bindings)).toThrow(
      /RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET are required once razorpay/,
    );
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'whsec' } as unknown as Bindings).STRIPE_SECRET_KEY).toBe(
      'sk',
    );
  });
});

describe('loadConfig: Web Push keys', () => {
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: 'k6hI32R7pZltMKc082NRq8oip2wQAvjQP_PG5QMTCus',
    y: 'Rl2ye7_3GjbSc-uFO2YxrIJYfgGlYBaYwQt_PNxjh7Y',
    d: 'zHf2NiZjzoeoH0LV4pH-nASyFMdY974kPfZMkCQBd4o',
  };
  const publicKey = 'BJOoSN9ke6WZbTCnNPNjUavKIqdsEAL40D_zxuUDEwrrRl2ye7_3GjbSc-uFO2YxrIJYfgGlYBaYwQt_PNxjh7Y';
  const withKeys = (extra: Record<string, string> = {}) =>
    ({ ...base, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: JSON.stringify(jwk), ...extra }) as unknown as Bindings;

  it('leaves push off without keys, with a subject taken from MAIL_FROM', () => {
    const config = loadConfig({ ...base });
    expect(config.VAPID_PUBLIC_KEY).toBeUndefined();
    expect(config.VAPID_SUBJECT).toBe('mailto:no-reply@dojo.local');
    expect(loadConfig({ ...base, MAIL_FROM: 'school' } as unknown as Bindings).VAPID_SUBJECT).toBe('mailto:admin@dojo.local');
  });
  it('accepts a matching pair and an explicit subject', () => {
    const config = loadConfig(withKeys({ VAPID_SUBJECT: 'https://dojo.example' }));
    expect(config.VAPID_PUBLIC_KEY).toBe(publicKey);
    expect(config.VAPID_SUBJECT).toBe('https://dojo.example');
  });
  it('fails loudly on half a pair, a key that is not a JWK, or keys that do not match', () => {
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: publicKey } as unknown as Bindings)).toThrow(/set together/);
    expect(() => loadConfig(withKeys({ VAPID_PRIVATE_KEY: 'not json' }))).toThrow(/JWK/);
    expect(() => loadConfig(withKeys({ VAPID_PUBLIC_KEY: publicKey.replace('BJ', 'BK') }))).toThrow(/does not match/);
    expect(() => loadConfig(withKeys({ VAPID_SUBJECT: 'admin@dojo.local' }))).toThrow(/VAPID_SUBJECT/);
  });
});
