import type { Role } from '#core/roles.ts';

export type PanelKey = 'student' | 'instructor' | 'grand-master' | 'admin' | 'control-panel';

export type PanelInfo = {
  key: PanelKey;
  base: string;
  title: string;
  /** Who may open it (spec 2 routes; admin-capable roles share /admin). */
  roles: readonly Role[];
  /** Whether the users screen is part of this panel. */
  users: boolean;
};

export const PANELS: Record<PanelKey, PanelInfo> = {
  student: {
    key: 'student',
    base: '/student',
    title: 'Student panel',
    roles: ['student', 'member'],
    users: false,
  },
  instructor: {
    key: 'instructor',
    base: '/instructor',
    title: 'Instructor panel',
    roles: ['instructor'],
    users: false,
  },
  'grand-master': {
    key: 'grand-master',
    base: '/grand-master',
    title: 'Grand Master panel',
    roles: ['grandmaster'],
    users: false,
  },
  admin: {
    key: 'admin',
    base: '/admin',
    title: 'Admin panel',
    roles: ['admin', 'grandmaster', 'super-admin'],
    users: true,
  },
  'control-panel': {
    key: 'control-panel',
    base: '/control-panel',
    title: 'Control panel',
    roles: ['super-admin', 'admin'],
    users: true,
  },
};

export const PANEL_LIST: readonly PanelInfo[] = Object.values(PANELS);

/** The panel a path belongs to (`/admin`, `/admin/users` → admin), or null. */
export function panelForPath(pathname: string): PanelInfo | null {
  return PANEL_LIST.find((p) => pathname === p.base || pathname.startsWith(`${p.base}/`)) ?? null;
}

export const mayOpen = (panel: PanelInfo, role: Role) => panel.roles.includes(role);
