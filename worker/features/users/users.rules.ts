import { USER_MESSAGES } from '#core/users/user-messages.ts';
import { PRIVILEGED, type Role } from '#core/roles.ts';
import { mayManageRole } from '#core/users/manage-reach.ts';
import type { AuthUser } from '#worker/lib/auth-user.ts';
import { conflict, forbidden } from '#worker/lib/errors.ts';

export const isPrivileged = (role: string) => (PRIVILEGED as readonly string[]).includes(role);
export const isSuperAdmin = (actor: AuthUser) => actor.role === 'super-admin';

/** Only a super-admin may act on an admin or super-admin; only an admin or super-admin on a grandmaster. */
export function assertCanManage(actor: AuthUser, target: { id: string; role: string }) {
  if (mayManageRole(actor.role, target.role)) return;
  throw forbidden(isPrivileged(target.role) ? USER_MESSAGES.privilegedTarget : USER_MESSAGES.grandmasterTarget);
}

/** Only a super-admin may give the admin or super-admin role; only an admin or super-admin the grandmaster one. */
export function assertCanGrant(actor: AuthUser, role: Role) {
  if (mayManageRole(actor.role, role)) return;
  throw forbidden(isPrivileged(role) ? USER_MESSAGES.privilegedGrant : USER_MESSAGES.grandmasterGrant);
}

/** An admin ID is an admin login credential, so it follows the same rule as the admin role. */
export function assertCanSetAdminId(actor: AuthUser, touched: boolean) {
  if (touched && !isSuperAdmin(actor)) throw forbidden(USER_MESSAGES.adminIdGrant);
}

type SelfAction = 'block' | 'delete' | 'role' | 'deactivate';
const SELF_MESSAGE: Record<SelfAction, string> = {
  block: USER_MESSAGES.selfBlock,
  delete: USER_MESSAGES.selfDelete,
  role: USER_MESSAGES.selfRole,
  deactivate: USER_MESSAGES.selfDeactivate,
};

/** Nobody locks themselves out (or demotes themselves) through the admin calls. */
export function assertNotSelf(actor: AuthUser, targetId: string, action: SelfAction) {
  if (actor.id === targetId) throw conflict(SELF_MESSAGE[action]);
}
