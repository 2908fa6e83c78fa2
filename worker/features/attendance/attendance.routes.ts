import { Hono } from 'hono';
import { AttendanceBatchSchema } from '#core/attendance/events.ts';
import { AttendanceRangeQuery, HistoryQuery, IdempotencyKeyHeader, MyAttendanceQuery, PeopleQuery } from '#core/attendance/views.ts';
import type { AppEnv } from '#worker/env.ts';
import { parseInput, validate } from '#worker/lib/validate.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { myAttendance, searchPeople, userAttendance } from './attendance.read.ts';
import { recordAttendance } from './attendance.record.ts';
import { sessionHistory, sessionRoster } from './attendance.roster.ts';

/** 500 events of the longest fields fit in about 150 KB; a body past this bound is refused before it is read. */
export const ATTENDANCE_BODY = {
  maxBytes: 512 * 1024,
  tooLargeMessage: 'Request body is too large: send at most 500 attendance events at a time',
};

// Mounted at /api: the ledger under /attendance, a session's roster and a user's attendance beside their resources.
export const attendanceRoutes = new Hono<AppEnv>()
  .post('/attendance/events', bodyLimit(ATTENDANCE_BODY), validate('json', AttendanceBatchSchema), async (c) => {
    const key = parseInput(IdempotencyKeyHeader, c.req.header('idempotency-key'), ['Idempotency-Key']) ?? null;
    const results = await recordAttendance(c.var.ctx, c.req.valid('json').events, key);
    return c.json({ success: true, data: { results }, results });
  })
  .get('/attendance/people', validate('query', PeopleQuery), async (c) => {
    const people = await searchPeople(c.var.ctx, c.req.valid('query').search);
    return c.json({ success: true, data: people, people });
  })
  .get('/attendance/history', validate('query', HistoryQuery), async (c) => {
    const events = await sessionHistory(c.var.ctx, c.req.valid('query').sessionId);
    return c.json({ success: true, data: events, events });
  })
  .get('/attendance/my', validate('query', MyAttendanceQuery), async (c) => {
    const data = await myAttendance(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data });
  })
  .get('/sessions/:id/roster', async (c) => {
    const data = await sessionRoster(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data });
  })
  .get('/users/:id/attendance', validate('query', AttendanceRangeQuery), async (c) => {
    const data = await userAttendance(c.var.ctx, c.req.param('id'), c.req.valid('query'));
    return c.json({ success: true, data });
  });
