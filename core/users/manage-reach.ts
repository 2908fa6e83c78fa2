import { PRIVILEGED, ROLES, type Role } from '#core/roles.ts';

/**
 * The roles an admin-capable account may manage and give: a super-admin every one; an admin none of
 * admin and super-admin; a grandmaster not grandmaster either (grandmasters are managed by admins).
 */
export function manageableRoles(actorRole: Role): readonly Role[] {
  if (actorRole === 'super-admin') return ROLES;
  const above: readonly Role[] = actorRole === 'grandmaster' ? [...PRIVILEGED, 'grandmaster'] : PRIVILEGED;
  return ROLES.filter((r) => !above.includes(r));
}

export const mayManageRole = (actorRole: Role, targetRole: string) =>
  (manageableRoles(actorRole) as readonly string[]).includes(targetRole);
