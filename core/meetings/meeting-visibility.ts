import { isAdminCapable } from '#core/roles.ts';

export type MeetingAudience = { targetRoles: readonly string[]; targetUsers: readonly string[] };
export type MeetingViewer = { id: string; role: string };

/** Spec 6: targetRoles holds 'all' or the viewer's role, or the viewer is in targetUsers. Admin-capable roles see every meeting. */
export function isVisibleTo(m: MeetingAudience, user: MeetingViewer | null | undefined): boolean {
  if (!user) return false;
  if (isAdminCapable(user.role)) return true;
  return m.targetRoles.includes('all') || m.targetRoles.includes(user.role) || m.targetUsers.includes(user.id);
}
