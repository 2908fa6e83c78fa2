import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * One row per write (POST, PUT, PATCH, DELETE) an admin-capable account made or tried, kept by the
 * server (worker/middleware/audit.ts). The actor is copied, not referenced, so the entry outlives the
 * account; a body is never stored, only the names of the fields it carried.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role').notNull(),
    method: text('method').notNull(),
    /** The route as the access table names it: `/api/users/:id/block`. */
    route: text('route').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    summary: text('summary').notNull(),
    fields: text('fields', { mode: 'json' }).$type<string[]>().notNull().default([]),
    status: integer('status').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    country: text('country'),
    requestId: text('request_id').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_created_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_created_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
