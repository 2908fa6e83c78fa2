import type { UserRow } from '#db/schema/index.ts';
import { isSitePath } from './public-files.ts';

export const AVATAR_URL_PREFIX = '/api/auth/assets/';

/** Where a profile picture is seen: the served upload, or a seeded drawing's site path as it is. */
export const avatarUrl = (key: string | null | undefined): string | null =>
  key ? (isSitePath(key) ? key : AVATAR_URL_PREFIX + key) : null;

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
    profilePicture: avatarUrl(row.profilePicture),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    lastLoginAt: iso(row.lastLoginAt),
  };
}

export type SerializedUser = ReturnType<typeof serializeUser>;
