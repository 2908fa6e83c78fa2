import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { KINDS, METHODS } from '#core/attendance/kinds.ts';
import { classSessions } from './sessions.ts';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * The attendance ledger (issue 24 §3): append-only, one row per tap, scan or correction, keyed by the
 * client's UUID so a replayed batch inserts nothing. The effective status is derived (core/attendance/effective.ts).
 */
export const attendanceEvents = sqliteTable(
  'attendance_events',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: KINDS }).notNull(),
    method: text('method', { enum: METHODS }).notNull(),
    /** The device's clock when it was tapped (what ordering uses); `receivedAt` is the server's, for audit. */
    recordedAt: integer('recorded_at', { mode: 'timestamp_ms' }).notNull(),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull().default(now),
    /** The staff account that sent it, or null for a kiosk. */
    recordedBy: text('recorded_by'),
    kioskDeviceId: text('kiosk_device_id'),
    idempotencyKey: text('idempotency_key'),
    /** Accepted though a business rule failed (no active membership): never lost, shown for staff to review. */
    needsReview: integer('needs_review', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    index('attendance_events_session_user_idx').on(t.sessionId, t.userId, t.recordedAt),
    index('attendance_events_user_recorded_idx').on(t.userId, t.recordedAt),
  ],
);

/**
 * A member's kiosk credentials: an opaque QR token (rotatable, never the user id) and an optional PIN,
 * stored only as a keyed hash.
 */
export const checkinCredentials = sqliteTable('checkin_credentials', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  qrToken: text('qr_token').notNull().unique(),
  qrRotatedAt: integer('qr_rotated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  pinHash: text('pin_hash').unique(),
  pinSetAt: integer('pin_set_at', { mode: 'timestamp_ms' }),
});

/** A shared check-in device (issue 24 §4): only the hash of its token is kept; revoked devices answer 401. */
export const kioskDevices = sqliteTable('kiosk_devices', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  location: text('location'),
  tokenHash: text('token_hash').notNull().unique(),
  createdBy: text('created_by'),
  lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }),
  revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

export type AttendanceEventRow = typeof attendanceEvents.$inferSelect;
export type CheckinCredentialsRow = typeof checkinCredentials.$inferSelect;
export type KioskDeviceRow = typeof kioskDevices.$inferSelect;
export type NewKioskDeviceRow = typeof kioskDevices.$inferInsert;
