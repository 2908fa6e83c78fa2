import type { UserRow } from '#db/schema/index.ts';

export const AVATAR_URL_PREFIX = '/api/auth/assets/';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A user as the API shows it; the password hash and token version never leave the server. */
export function serializeUser(row: UserRow) {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    isActive: row.isActive,
    emailVerified: row.emailVerified,
    studentId: row.studentId ?? null,
    membershipId: row.membershipId ?? null,
    instructorId: row.instructorId ?? null,
    grandmasterId: row.grandmasterId ?? null,
    adminId: row.adminId ?? null,
    profile: row.profile ?? {},
    socialLinks: row.socialLinks ?? {},
    emergencyContact: row.emergencyContact ?? {},
    profilePicture: row.profilePicture ? AVATAR_URL_PREFIX + row.profilePicture : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    lastLoginAt: iso(row.lastLoginAt),
  };
}

export type SerializedUser = ReturnType<typeof serializeUser>;
