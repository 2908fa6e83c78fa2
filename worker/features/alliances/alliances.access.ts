import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessRule, AccessTable } from '#worker/lib/access-rule.ts';

/** The spec's path is /api/allience (sic); /api/alliance serves the same routes. */
export const ALLIANCE_BASES = ['/api/allience', '/api/alliance'] as const;

const rules: Record<string, AccessRule> = {
  'GET /admin': ADMIN_CAPABLE,
  'GET /': 'public',
  'POST /': ADMIN_CAPABLE,
  'DELETE /': ADMIN_CAPABLE,
  'GET /:id': 'public',
  'PUT /:id': ADMIN_CAPABLE,
  'DELETE /:id': ADMIN_CAPABLE,
  'PATCH /:id/activate': ADMIN_CAPABLE,
  'PATCH /:id/deactivate': ADMIN_CAPABLE,
};

export const alliancesAccess: AccessTable = Object.fromEntries(
  ALLIANCE_BASES.flatMap((base) =>
    Object.entries(rules).map(([key, rule]) => {
      const [method, path] = key.split(' ') as [string, string];
      return [`${method} ${base}${path === '/' ? '' : path}`, rule];
    }),
  ),
);
