import { env } from 'cloudflare:workers';
import { vi } from 'vitest';
import { loadConfig, type AppConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import type { AuthUser } from '#worker/lib/auth-user.ts';
import { testServiceCtx, type TestUser } from '#test/helpers.ts';

export const baseConfig = () => loadConfig(env as unknown as Bindings);

/** The verbs' context for one caller, with settings changed for the test (a provider's key, a lower limit). */
export const locationCtx = (u: TestUser, config: Partial<AppConfig> = {}, ip?: string) =>
  testServiceCtx({
    user: { id: u.id, email: u.email, role: u.role, emailVerified: true, tokenVersion: 0 } satisfies AuthUser,
    config: { ...baseConfig(), ...config },
    ...(ip ? { ip } : {}),
  });

const PROVIDER_HOSTS = ['api-bdc.net', 'ipapi.co'];

/** The providers at `fetch`: each call to them is recorded and answered by `answer`; the database's calls go through. */
export function stubProvider(answer: (url: URL) => Response | Promise<Response>) {
  const urls: URL[] = [];
  const original = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!PROVIDER_HOSTS.includes(url.host)) return original(input, init);
    urls.push(url);
    return answer(url);
  });
  return { urls, restore: () => spy.mockRestore() };
}
