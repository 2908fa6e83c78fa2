import { ADMIN_CAPABLE, type Role } from '#core/roles.ts';
import { LEDGER_MESSAGES } from '#core/progression/ledger-input.ts';
import { notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';

/** Staff of the school for belts: instructors and the admin-capable. */
export const STAFF_ROLES: readonly Role[] = ['instructor', ...ADMIN_CAPABLE];
export const isStaffRole = (role: string) => (STAFF_ROLES as readonly string[]).includes(role);

/**
 * Whose progression `/api/students/:id/...` reads: `me` or one's own id, or anyone's for staff. Another
 * person's answers 404, never 403, so a student cannot learn which ids exist.
 */
export function studentOf(ctx: Pick<ServiceCtx, 'user'>, id: string): { userId: string; staff: boolean } {
  const caller = signedIn(ctx);
  const staff = isStaffRole(caller.role);
  const userId = id === 'me' ? caller.id : id;
  if (userId !== caller.id && !staff) throw notFound(LEDGER_MESSAGES.studentNotFound);
  return { userId, staff };
}
