import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { localVapidKeys } from './vapid-keys.ts';

describe('local VAPID keys', () => {
  it('makes a pair the Worker accepts once, keeps it owner-only, and hands back the same pair after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
    const first = await localVapidKeys(dir);
    expect(await localVapidKeys(dir)).toEqual(first);
    expect(statSync(join(dir, '.vapid-keys.json')).mode & 0o777).toBe(0o600);
    const config = loadConfig({
      LIBSQL_URL: 'http://127.0.0.1:1',
      JWT_SECRET: 'x'.repeat(32),
      VAPID_PUBLIC_KEY: first.publicKey,
      VAPID_PRIVATE_KEY: first.privateKey,
    } as unknown as Bindings);
    expect(config.VAPID_PUBLIC_KEY).toBe(first.publicKey);
  });
});
