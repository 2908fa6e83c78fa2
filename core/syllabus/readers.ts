import { isAdminCapable, type Role } from '#core/roles.ts';

/** Who reads the syllabus of every grade: the school's staff who teach or run it; everybody else reads their own grade. */
export const readsEveryGrade = (role: Role) => role === 'instructor' || isAdminCapable(role);

/** Inactive items are drafts: only the admin-capable, who edit them, see them. */
export const seesInactiveSyllabus = (role: Role) => isAdminCapable(role);
