import type { Role } from '#core/roles.ts';

export const LOGIN_ID_FIELDS = ['studentId', 'membershipId', 'instructorId', 'grandmasterId', 'adminId'] as const;
export type LoginIdField = (typeof LOGIN_ID_FIELDS)[number];

export const LOGIN_ID_LABELS: Record<LoginIdField, string> = {
  studentId: 'student ID',
  membershipId: 'membership ID',
  instructorId: 'instructor ID',
  grandmasterId: 'grandmaster ID',
  adminId: 'admin ID',
};

/** The login id each role gets (STU-0001 style) when none is given; a super-admin logs in by e-mail only. */
export const LOGIN_ID_FOR_ROLE: Partial<Record<Role, { field: LoginIdField; prefix: string }>> = {
  student: { field: 'studentId', prefix: 'STU' },
  member: { field: 'membershipId', prefix: 'MEM' },
  instructor: { field: 'instructorId', prefix: 'INS' },
  grandmaster: { field: 'grandmasterId', prefix: 'GM' },
  admin: { field: 'adminId', prefix: 'ADM' },
};

export const LOGIN_ID_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,31}$/;

/** Login ids are compared trimmed and upper-cased everywhere (create, update, look-up, login). */
export const normalizeLoginId = (value: string) => value.trim().toUpperCase();

export const loginIdTakenMessage = (field: LoginIdField) => `This ${LOGIN_ID_LABELS[field]} is already in use`;
export const loginIdFormatMessage = (field: LoginIdField) =>
  `The ${LOGIN_ID_LABELS[field]} may hold only letters, digits and dashes (at most 32)`;
