import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { RouterRoute } from 'hono/types';
import type { AccessRule, AccessTable } from '#worker/lib/access-rule.ts';
import type { AppEnv } from '#worker/env.ts';
import { loadUser, NO_TOKEN, type AuthUser } from '#worker/lib/auth-user.ts';

export { NO_TOKEN };
import { forbidden, unauthorized } from '#worker/lib/errors.ts';
import { isKioskToken, KIOSK_MESSAGES, loadKiosk } from '#worker/lib/kiosk-token.ts';

/** The route that will answer this request (middleware entries are registered as ALL). */
const endpointRoute = (c: Parameters<typeof matchedRoutes>[0]): RouterRoute | undefined => matchedRoutes(c).find((r) => r.method !== 'ALL');

export const bearerToken = (header: string | undefined) => {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
};

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
    if (token && isKioskToken(token)) {
      const kiosk = await loadKiosk(c.get('db'), token);
      if (!kiosk) throw unauthorized(KIOSK_MESSAGES.unknown);
      if (typeof rule === 'string' || !rule.includes('kiosk')) throw forbidden(KIOSK_MESSAGES.onlyCheckIn);
      c.set('kiosk', kiosk);
      return next();
    }
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
