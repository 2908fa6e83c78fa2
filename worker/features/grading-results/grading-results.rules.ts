import { ADMIN_CAPABLE, type Role } from '#core/roles.ts';

/** Staff: instructors and the admin-capable roles. */
export const STAFF: readonly Role[] = ['instructor', ...ADMIN_CAPABLE];
export const isStaff = (role: string) => (STAFF as readonly string[]).includes(role);
