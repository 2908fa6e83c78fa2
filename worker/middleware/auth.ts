import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { RouterRoute } from 'hono/types';
import { compileFindById } from '#db/compiled-select.ts';
import { users, type UserRow } from '#db/schema/index.ts';
import type { AccessRule, AccessTable } from '#worker/lib/access-rule.ts';
import type { AppEnv } from '#worker/env.ts';
import { NO_TOKEN, type AuthUser } from '#worker/lib/auth-user.ts';

export { NO_TOKEN };
import { forbidden, unauthorized } from '#worker/lib/errors.ts';
import { verifyToken } from '#worker/lib/jwt.ts';
import { isRole } from '#core/roles.ts';

export const BAD_TOKEN = 'Not authorized, token failed';
export const STALE_TOKEN = 'Your session has ended, please log in again';

/** The route that will answer this request (middleware entries are registered as ALL). */
const endpointRoute = (c: Parameters<typeof matchedRoutes>[0]): RouterRoute | undefined => matchedRoutes(c).find((r) => r.method !== 'ALL');

export const bearerToken = (header: string | undefined) => {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
};

const findUser = compileFindById(users, users.id);

/** A token of version `tv` still speaks for this account (the rooms ask the same of their sockets). */
export const sessionHolds = (row: Pick<UserRow, 'tokenVersion' | 'isActive' | 'deactivatedAt' | 'role'>, tv: number) =>
  row.tokenVersion === tv && row.isActive && !row.deactivatedAt && isRole(row.role);

/** Loads the caller from a bearer token, or the reason it is not valid. */
export async function loadUser(
  v: Pick<AppEnv['Variables'], 'config' | 'db'>,
  token: string,
): Promise<{ user: AuthUser; row: UserRow } | string> {
  const claims = await verifyToken(token, v.config.JWT_SECRET);
  if (!claims) return BAD_TOKEN;
  // The whole row, read once: handlers about the caller (GET /me) reuse it instead of a second round trip.
  const row = await findUser(v.db.$read, claims.sub);
  // A token dies with a logout, password change, block or deactivation: each bumps token_version.
  if (!row || !sessionHolds(row, claims.tv) || !isRole(row.role)) return STALE_TOKEN;
  return { row, user: { id: row.id, email: row.email, role: row.role, emailVerified: row.emailVerified, tokenVersion: row.tokenVersion } };
}

/** Enforces the access table for every /api route before its handler runs. */
export const authorize = (table: AccessTable) => {
  // Each route's rule is looked up once, not rebuilt from its method and path on every request.
  const rules = new WeakMap<RouterRoute, AccessRule | undefined>();
  const ruleOf = (route: RouterRoute) => {
    if (!rules.has(route)) rules.set(route, table[`${route.method === 'HEAD' ? 'GET' : route.method} ${route.path}`]);
    return rules.get(route);
  };
  return createMiddleware<AppEnv>(async (c, next) => {
    const route = endpointRoute(c);
    if (!route) return next(); // no route: the 404 handler answers
    const rule = ruleOf(route);
    if (!rule) throw new Error(`Route ${route.method} ${route.path} is missing from the access table`); // logged, never sent
    const token = bearerToken(c.req.header('authorization'));
    if (rule === 'public') {
      if (token) {
        const loaded = await loadUser({ config: c.get('config'), db: c.get('db') }, token);
        if (typeof loaded !== 'string') {
          c.set('user', loaded.user);
          c.set('userRow', loaded.row);
        }
      }
      return next();
    }
    if (!token) throw unauthorized(NO_TOKEN);
    const loaded = await loadUser({ config: c.get('config'), db: c.get('db') }, token);
    if (typeof loaded === 'string') throw unauthorized(loaded);
    const { user } = loaded;
    c.set('user', user);
    c.set('userRow', loaded.row);
    if (rule !== 'user' && !rule.includes(user.role)) throw forbidden(`Role '${user.role}' is not allowed to access this resource`);
    return next();
  });
};

/** The signed-in caller inside a handler whose access rule requires one. */
export function requireUser(c: { get(key: 'user'): AuthUser | null }): AuthUser {
  const user = c.get('user');
  if (!user) throw unauthorized(NO_TOKEN);
  return user;
}
