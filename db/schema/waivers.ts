import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { WAIVER_SIGNATURE_KINDS } from '#core/waivers/waiver-options.ts';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** A waiver the school asks people to sign (issue 26 §2); its text lives in versions, the newest published one is current. */
export const waiverDocuments = sqliteTable('waiver_documents', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  /** The newest version's number (0 = none published yet); signing always signs this one. */
  currentVersion: integer('current_version').notNull().default(0),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  createdBy: text('created_by'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

/** One version's exact Markdown, never changed once written: a new text is a new version. */
export const waiverVersions = sqliteTable(
  'waiver_versions',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => waiverDocuments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    body: text('body').notNull(),
    /** SHA-256 (hex) of `body`'s UTF-8 bytes: what a signature binds to. */
    bodySha256: text('body_sha256').notNull(),
    publishedBy: text('published_by'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [uniqueIndex('waiver_versions_doc_version_uq').on(t.documentId, t.version)],
);

/**
 * A signature of one version, for one person (`signedFor`), by `signedBy` (themself, or a guardian for a
 * minor). Evidence: the text's SHA-256, time, IP, user agent; the drawn image and the signed PDF are in R2.
 */
export const waiverSignatures = sqliteTable(
  'waiver_signatures',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => waiverDocuments.id, { onDelete: 'cascade' }),
    versionId: text('version_id')
      .notNull()
      .references(() => waiverVersions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    signedFor: text('signed_for')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signedBy: text('signed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The signer's name as typed, and their relation when signing for a child ('Parent or guardian'). */
    typedName: text('typed_name').notNull(),
    signerCapacity: text('signer_capacity').notNull().default('self'),
    signatureKind: text('signature_kind', { enum: WAIVER_SIGNATURE_KINDS }).notNull(),
    /** R2 key of the drawn signature (null when typed only). */
    signatureKey: text('signature_key'),
    textSha256: text('text_sha256').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    pdfKey: text('pdf_key'),
    pdfSha256: text('pdf_sha256'),
    signedAt: integer('signed_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    uniqueIndex('waiver_signatures_version_person_uq').on(t.versionId, t.signedFor),
    index('waiver_signatures_person_idx').on(t.signedFor, t.documentId, t.version),
  ],
);

/** When a person was last reminded to sign a version (one reminder per person and version per day at most). */
export const waiverReminders = sqliteTable(
  'waiver_reminders',
  {
    versionId: text('version_id')
      .notNull()
      .references(() => waiverVersions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
    sentBy: text('sent_by'),
  },
  (t) => [uniqueIndex('waiver_reminders_version_user_uq').on(t.versionId, t.userId)],
);

export type WaiverDocumentRow = typeof waiverDocuments.$inferSelect;
export type WaiverVersionRow = typeof waiverVersions.$inferSelect;
export type WaiverSignatureRow = typeof waiverSignatures.$inferSelect;
