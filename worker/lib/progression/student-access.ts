import { ADMIN_CAPABLE, type Role } from '#core/roles.ts';
import { LEDGER_MESSAGES } from '#core/progression/ledger-input.ts';
import { notFound } from '#worker/lib/errors.ts';
import { isGuardianOf } from '#worker/lib/family/guardian.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';

/** Staff of the school for belts: instructors and the admin-capable. */
export const STAFF_ROLES: readonly Role[] = ['instructor', ...ADMIN_CAPABLE];
export const isStaffRole = (role: string) => (STAFF_ROLES as readonly string[]).includes(role);

/**
 * Whose progression `/api/students/:id/...` (and a certificate) reads: `me` or one's own id, one's child's
 * (issue 26), or anyone's for staff. Another person's answers 404 (`missing`), never 403, so a student cannot
 * learn which ids exist.
 */
export async function studentOf(
  ctx: Pick<ServiceCtx, 'db' | 'user'>,
  id: string,
  missing: string = LEDGER_MESSAGES.studentNotFound,
): Promise<{ userId: string; staff: boolean }> {
  const caller = signedIn(ctx);
  const staff = isStaffRole(caller.role);
  const userId = id === 'me' ? caller.id : id;
  if (userId !== caller.id && !staff && !(await isGuardianOf(ctx.db, caller.id, userId))) throw notFound(missing);
  return { userId, staff };
}
