import { z } from 'zod';
import { firstOf, isBlank, isoDateTime } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';

/** The writes the server records for an admin-capable caller. */
export const AUDITED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type AuditedMethod = (typeof AUDITED_METHODS)[number];

/** How long an entry is kept (the scheduled prune, worker/features/audit/audit.jobs.ts). */
export const AUDIT_RETENTION_DAYS = 400;

/** What the API answers for one entry. */
export type AuditEntryView = {
  _id: string;
  actor: { _id: string; name: string; email: string; role: string };
  method: string;
  route: string;
  targetType: string | null;
  targetId: string | null;
  summary: string;
  fields: string[];
  status: number;
  outcome: 'done' | 'refused' | 'failed';
  ip: string;
  userAgent: string;
  country: string | null;
  createdAt: string;
};

const optional = <T extends z.ZodType>(schema: T) =>
  firstOf(z.preprocess((v) => (v === undefined || isBlank(v) ? undefined : v), schema.optional()));
const dayEnd = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? `${v.trim()}T23:59:59.999Z` : v);

/** GET /api/audit-log: who, which method, what kind of record, a date range and free text, paged (newest first). */
export const AuditQuery = pagingQuery(25, 100).extend({
  actor: optional(z.string().trim().max(64, 'Actor must be at most 64 characters')),
  method: optional(z.enum(AUDITED_METHODS, { error: `Method must be one of: ${AUDITED_METHODS.join(', ')}` })),
  targetType: optional(z.string().trim().max(64, 'Target type must be at most 64 characters')),
  from: optional(isoDateTime('From date')),
  to: optional(z.preprocess(dayEnd, isoDateTime('To date'))),
  search: optional(z.string().trim().max(200, 'Search term must be at most 200 characters')),
});
export type AuditQueryInput = z.output<typeof AuditQuery>;

/** The entries about and by one user (the user page): paging only. */
export const UserAuditQuery = pagingQuery(10, 50);

/** `PATCH /api/users/:id/block` → `users: block`; `POST /api/courses` → `courses: create`. */
export function auditSummary(method: string, route: string): string {
  const parts = route
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const resource = parts[0] ?? 'api';
  const last = parts.at(-1) ?? '';
  const action = parts.length > 1 && !last.startsWith(':') ? last : (VERB[method] ?? method.toLowerCase());
  return `${resource}: ${action}`;
}
const VERB: Record<string, string> = { POST: 'create', PUT: 'replace', PATCH: 'update', DELETE: 'delete' };

/** done below 400; refused for 4xx (a school wants to see the attempts); failed for 5xx. */
export const auditOutcome = (status: number): AuditEntryView['outcome'] => (status < 400 ? 'done' : status < 500 ? 'refused' : 'failed');

const MAX_FIELDS = 40;
/**
 * The names of the fields a body carried, one level into objects (`profile.firstName`), never a value:
 * what a password, token or card number was is not the log's business, only that it was sent.
 */
export function fieldNames(body: unknown): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const names: string[] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length)
      for (const inner of Object.keys(value)) names.push(`${key}.${inner}`);
    else names.push(key);
  }
  return names.map((n) => n.slice(0, 64)).slice(0, MAX_FIELDS);
}
