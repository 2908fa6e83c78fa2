/** Shared by the users tests (not a test file itself). */
import type { Role } from '#core/roles.ts';
import { api, createUser, type TestUser, uniq } from '#test/helpers.ts';

export const ADMIN_ROLES = ['grandmaster', 'admin', 'super-admin'] as const satisfies readonly Role[];
export const NON_ADMIN_ROLES = ['student', 'member', 'instructor'] as const satisfies readonly Role[];

export const asAdmin = () => createUser({ role: 'admin' });
export const asSuperAdmin = () => createUser({ role: 'super-admin' });

/** A password the policy accepts, different from the helpers' TEST_PASSWORD. */
export const GOOD_PASSWORD = 'Tatami-Sunrise-77';

/** A unique lower-case token; put it in e-mails so search/list tests only see their own users. */
export const tagged = () => `t${uniq()}`.toLowerCase();

/** Users whose e-mail carries the tag, so `search=<tag>` isolates them from every other test's data. */
export function createTagged(tag: string, role: Role, extra: Parameters<typeof createUser>[0] = {}): Promise<TestUser> {
  return createUser({ role, email: `${tag}-${uniq()}@users-test.example`, ...extra });
}

export const patch = (path: string, token: string, body: unknown) => api(path, { method: 'PATCH', token, body });
export const del = (path: string, token: string, body?: unknown) =>
  api(path, { method: 'DELETE', token, ...(body === undefined ? {} : { body }) });
