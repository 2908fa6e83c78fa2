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
