import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export type Profile = {
  firstName?: string;
  lastName?: string;
  phone?: string;
  dateOfBirth?: string;
  gender?: string;
  address?: string;
  city?: string;
  country?: string;
  bio?: string;
  grade?: string;
  timezone?: string;
  location?: Record<string, unknown>;
  [key: string]: unknown;
};

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    blockedAt: integer('blocked_at', { mode: 'timestamp_ms' }),
    blockedReason: text('blocked_reason'),
    deactivatedAt: integer('deactivated_at', { mode: 'timestamp_ms' }),
    emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
    studentId: text('student_id').unique(),
    membershipId: text('membership_id').unique(),
    instructorId: text('instructor_id').unique(),
    grandmasterId: text('grandmaster_id').unique(),
    adminId: text('admin_id').unique(),
    profile: text('profile', { mode: 'json' }).$type<Profile>().notNull().default({}),
    socialLinks: text('social_links', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    emergencyContact: text('emergency_contact', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    profilePicture: text('profile_picture'),
    /** False for a child's account made by a guardian (issue 26): no login until a guardian or staff gives one. */
    canSignIn: integer('can_sign_in', { mode: 'boolean' }).notNull().default(true),
    /** Seen only by the person, their guardians and staff (issue 26 §1). */
    medicalNotes: text('medical_notes').notNull().default(''),
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: integer('last_login_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('users_role_idx').on(t.role), index('users_created_idx').on(t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
