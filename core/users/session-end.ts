/** Why a user's open pages were signed out, as the room's `session_ended` frame and the session check say it. */
export const SESSION_END_REASONS = ['suspended', 'deleted', 'deactivated', 'role_changed', 'signed_out_by_school', 'signed_out'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
export type SessionEnd = { reason: SessionEndReason; message: string };

export function sessionEndMessage(reason: SessionEndReason, blockedReason?: string | null): string {
  switch (reason) {
    case 'suspended':
      return blockedReason ? `Your account was suspended by the school: ${blockedReason}` : 'Your account was suspended by the school';
    case 'deleted':
      return 'Your account was removed by the school';
    case 'deactivated':
      return 'Your account has been deactivated';
    case 'role_changed':
      return 'Your role changed: sign in again';
    case 'signed_out_by_school':
      return 'You were signed out by the school';
    case 'signed_out':
      return 'Your session has ended, please log in again';
  }
}

type AccountNow = {
  role: string;
  isActive: boolean;
  blockedAt: Date | null;
  blockedReason: string | null;
  deactivatedAt: Date | null;
  tokenVersion: number;
};

/**
 * Why a session held as `held` (its token's version and role) no longer speaks for the account as it is
 * now, or null when it still does. A bare token-version change is the school's only when it says so.
 */
export function sessionEndOf(
  now: AccountNow | null | undefined,
  held: { role: string; tokenVersion: number },
  bySchool = false,
): SessionEnd | null {
  const end = (reason: SessionEndReason) => ({ reason, message: sessionEndMessage(reason, now?.blockedReason) });
  if (!now) return end('deleted');
  if (!now.isActive && now.blockedAt) return end('suspended');
  if (!now.isActive || now.deactivatedAt) return end('deactivated');
  if (now.role !== held.role) return end('role_changed');
  if (now.tokenVersion !== held.tokenVersion) return end(bySchool ? 'signed_out_by_school' : 'signed_out');
  return null;
}
