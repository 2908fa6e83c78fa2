export const ROLES = ['student', 'member', 'instructor', 'grandmaster', 'admin', 'super-admin'] as const;
export type Role = (typeof ROLES)[number];

/** The spec's "admin-capable" check: admin, super-admin and grandmaster. */
export const ADMIN_CAPABLE: readonly Role[] = ['admin', 'super-admin', 'grandmaster'];
/** Roles only a super-admin may grant or change. */
export const PRIVILEGED: readonly Role[] = ['admin', 'super-admin'];

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);
export const isAdminCapable = (role: string | undefined | null): boolean => !!role && (ADMIN_CAPABLE as readonly string[]).includes(role);

export const INVALID_ROLE_MESSAGE = `Invalid role. Must be one of: ${ROLES.join(', ')}`;

/** Where each role lands after login (spec 2 routes). */
export const PANEL_BY_ROLE: Record<Role, string> = {
  student: '/student',
  member: '/student',
  instructor: '/instructor',
  grandmaster: '/grand-master',
  admin: '/admin',
  'super-admin': '/control-panel',
};

/** A screen of the panel a role works in; the school's screens (inbox, meetings admin) live in the admin panel. */
export const panelScreenUrl = (role: Role, screen: string) => `${isAdminCapable(role) ? '/admin' : PANEL_BY_ROLE[role]}/${screen}`;
