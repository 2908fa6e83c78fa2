import { inArray } from 'drizzle-orm';
import { screenEvent, type AttendanceEvent } from '#core/attendance/events.ts';
import type { EventResultView } from '#core/attendance/views.ts';
import { attendanceEvents, classSessions, users } from '#db/schema/index.ts';
import { badRequest, forbidden, type FieldError } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { mayTrainColumn } from './attendance.queries.ts';
import { methodRefusal, mayUseMethod, mustTeach, SENDER_MESSAGES, type Sender } from './attendance.rules.ts';

const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * POST /api/attendance/events: appends a batch to the ledger in two round trips (one read of the sessions,
 * people and ids it names; one INSERT … ON CONFLICT(id) DO NOTHING). A refused sender or an unknown member
 * fails the whole batch before anything is written; a session's own problems are per-event outcomes.
 */
export async function recordAttendance(
  ctx: ServiceCtx,
  sender: Sender,
  events: readonly AttendanceEvent[],
  idempotencyKey: string | null = null,
): Promise<EventResultView[]> {
  const refused = events.find((e) => !mayUseMethod(sender, e.method));
  if (refused) throw forbidden(methodRefusal(sender, refused.method));

  const nowMs = Date.now();
  const [sessions, people, stored] = await batch(ctx.db, [
    ctx.db
      .select({ id: classSessions.id, status: classSessions.status, instructorUserId: classSessions.instructorUserId })
      .from(classSessions)
      .where(inArray(classSessions.id, unique(events.map((e) => e.sessionId)))),
    ctx.db
      .select({ id: users.id, mayTrain: mayTrainColumn(nowMs) })
      .from(users)
      .where(inArray(users.id, unique(events.map((e) => e.userId)))),
    ctx.db
      .select({ id: attendanceEvents.id })
      .from(attendanceEvents)
      .where(inArray(attendanceEvents.id, unique(events.map((e) => e.id)))),
  ]);

  const mayTrain = new Map(people.map((p) => [p.id, p.mayTrain]));
  const unknown: FieldError[] = events.flatMap((e, i) =>
    mayTrain.has(e.userId) ? [] : [{ path: `events.${i}.userId`, message: SENDER_MESSAGES.unknownMember }],
  );
  if (unknown.length) throw badRequest(unknown[0]!.message, unknown);

  const sessionById = new Map(sessions.map((s) => [s.id, s]));
  const teacher = mustTeach(sender);
  if (teacher && events.some((e) => sessionById.has(e.sessionId) && sessionById.get(e.sessionId)!.instructorUserId !== teacher))
    throw forbidden(SENDER_MESSAGES.notYourSession);

  const seen = new Set(stored.map((s) => s.id));
  const results: EventResultView[] = [];
  const rows: (typeof attendanceEvents.$inferInsert)[] = [];
  for (const e of events) {
    if (seen.has(e.id)) {
      results.push({ id: e.id, outcome: 'duplicate' });
      continue;
    }
    const screening = screenEvent(e, { nowMs, session: sessionById.get(e.sessionId) ?? null });
    if (!screening.ok) {
      results.push({ id: e.id, outcome: 'rejected', reason: screening.reason });
      continue;
    }
    seen.add(e.id);
    results.push({ id: e.id, outcome: 'accepted' });
    rows.push({
      id: e.id,
      sessionId: e.sessionId,
      userId: e.userId,
      kind: e.kind,
      method: e.method,
      recordedAt: e.recordedAt,
      recordedBy: sender.kind === 'person' ? sender.user.id : null,
      kioskDeviceId: sender.kind === 'kiosk' ? sender.deviceId : null,
      idempotencyKey,
      needsReview: !mayTrain.get(e.userId),
    });
  }
  if (!rows.length) return results;

  // Another request may have stored one of these ids since the read: what this INSERT skipped is a duplicate.
  const inserted = await ctx.db
    .insert(attendanceEvents)
    .values(rows)
    .onConflictDoNothing({ target: attendanceEvents.id })
    .returning({ id: attendanceEvents.id });
  const written = new Set(inserted.map((r) => r.id));
  for (const r of results) if (r.outcome === 'accepted' && !written.has(r.id)) r.outcome = 'duplicate';
  return results;
}
