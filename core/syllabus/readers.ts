import { isAdminCapable, type Role } from '#core/roles.ts';
import { GRADES, type Grade } from './grades.ts';

/** Who reads the syllabus of every grade: the school's staff who teach or run it; everybody else reads their own grade. */
export const readsEveryGrade = (role: Role) => role === 'instructor' || isAdminCapable(role);

/** Inactive items are drafts: only the admin-capable, who edit them, see them. */
export const seesInactiveSyllabus = (role: Role) => isAdminCapable(role);

/**
 * The grades whose single items a student or member may open: their own and the next one, whose items are the
 * techniques of their next belt ("My belt" links them); the first grade before they have one.
 */
export function gradesOpenTo(own: Grade | null): Grade[] {
  if (!own) return [GRADES[0]];
  const next = GRADES[GRADES.indexOf(own) + 1];
  return next ? [own, next] : [own];
}
