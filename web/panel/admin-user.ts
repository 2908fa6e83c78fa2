import { LOGIN_ID_FIELDS } from '#core/users/login-ids.ts';
import type { SessionUser } from '#web/lib/session.ts';

/** A user as GET /api/users lists it. */
export type AdminUser = SessionUser & {
  studentId?: string | null;
  membershipId?: string | null;
  instructorId?: string | null;
  grandmasterId?: string | null;
  adminId?: string | null;
  blockedReason?: string | null;
};

export const loginIdOf = (u: AdminUser) => LOGIN_ID_FIELDS.map((f) => u[f]).find((v) => typeof v === 'string' && v) ?? '';
