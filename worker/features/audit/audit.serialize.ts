import { auditOutcome, type AuditEntryView } from '#core/audit/audit-query.ts';
import type { AuditRow } from '#db/schema/index.ts';

export const serializeAuditEntry = (r: AuditRow): AuditEntryView => ({
  _id: r.id,
  actor: { _id: r.actorId, name: r.actorName, email: r.actorEmail, role: r.actorRole },
  method: r.method,
  route: r.route,
  targetType: r.targetType,
  targetId: r.targetId,
  summary: r.summary,
  fields: r.fields,
  status: r.status,
  outcome: auditOutcome(r.status),
  ip: r.ip,
  userAgent: r.userAgent,
  country: r.country,
  createdAt: r.createdAt.toISOString(),
});
