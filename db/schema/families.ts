import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * A guardian's link to a child's student account (issue 26 §1). A child may have several guardians and a
 * guardian several children; the guardians of a child are its family. Removed when the child takes over
 * their own account after coming of age, or by staff (unlink).
 */
export const familyLinks = sqliteTable(
  'family_links',
  {
    guardianId: text('guardian_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    childId: text('child_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Free words shown in lists ('Mother', 'Guardian' …). */
    relationship: text('relationship').notNull().default('Guardian'),
    /** Who made the link: the guardian who added the child, the inviter, or a staff member. */
    createdBy: text('created_by'),
    /** Set by the scheduled job on the child's coming-of-age day, when the guardians were told (once). */
    ofAgeNotifiedAt: integer('of_age_notified_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.guardianId, t.childId] }), index('family_links_child_idx').on(t.childId)],
);

/**
 * An invitation by e-mail for a second guardian to join the inviter's family: accepted, the invitee (signed
 * in with that e-mail) is linked to every child in `childIds`. Only the token's SHA-256 is stored.
 */
export const guardianInvites = sqliteTable(
  'guardian_invites',
  {
    id: text('id').primaryKey(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    childIds: text('child_ids', { mode: 'json' }).$type<string[]>().notNull(),
    relationship: text('relationship').notNull().default('Guardian'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
    acceptedBy: text('accepted_by'),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [uniqueIndex('guardian_invites_token_uq').on(t.tokenHash), index('guardian_invites_inviter_idx').on(t.inviterId, t.createdAt)],
);

export type FamilyLinkRow = typeof familyLinks.$inferSelect;
export type GuardianInviteRow = typeof guardianInvites.$inferSelect;
