import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classSessions } from '#db/schema/index.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { insertSession } from '#test/session-helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import {
  book,
  bookingRows,
  bookInTurn,
  cancelById,
  cancelMine,
  learner,
  learners,
  mailsOf,
  notificationsOf,
  sessionRow,
} from './bookings.test-helpers.ts';

describe('POST /api/sessions/:id/bookings', () => {
  it('books a place for a student with an active membership and keeps the session count', async () => {
    const session = await insertSession({ capacity: 3 });
    const me = await learner();
    const res = await book(me, session.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Booked',
      data: {
        booking: { sessionId: session.id, userId: me.id, status: 'booked', waitlistPosition: null, lateCancel: false, bookedBy: me.id },
      },
    });
    expect(res.body.booking._id).toBe(res.body.data.booking._id);
    expect(await sessionRow(session.id)).toMatchObject({ bookedCount: 1, waitlistCount: 0 });
  });

  it('waitlists past capacity with the place in line, and books anyone when the session has no limit', async () => {
    const full = await insertSession({ capacity: 1 });
    const [a, b, c] = await learners(3);
    await book(a!, full.id);
    expect((await book(b!, full.id)).body).toMatchObject({
      message: 'Added to the waitlist',
      data: { booking: { status: 'waitlisted', waitlistPosition: 1 } },
    });
    // Fields a person may not set are ignored: the database decides the status.
    const forged = await book(c!, full.id, { status: 'booked', waitlistPosition: 1, bookedBy: a!.id, lateCancel: true });
    expect(forged.body.data.booking).toMatchObject({ status: 'waitlisted', waitlistPosition: 2, bookedBy: c!.id, lateCancel: false });
    expect(await sessionRow(full.id)).toMatchObject({ bookedCount: 1, waitlistCount: 2 });
    const open = await insertSession({ capacity: null });
    for (const u of [a!, b!, c!]) expect((await book(u, open.id)).body.data.booking.status).toBe('booked');
  });

  it('refuses a second booking of the same session with 409, also from the waitlist', async () => {
    const session = await insertSession({ capacity: 1 });
    const [a, b] = await learners(2);
    await book(a!, session.id);
    await book(b!, session.id);
    for (const u of [a!, b!])
      expect((await book(u, session.id)).body).toMatchObject({ success: false, message: 'You have already booked this session' });
    expect((await book(b!, session.id)).status).toBe(409);
    expect(await bookingRows(session.id)).toHaveLength(2);
  });

  it('lets a person book again after cancelling', async () => {
    const session = await insertSession();
    const me = await learner();
    await book(me, session.id);
    await cancelMine(me, session.id);
    expect((await book(me, session.id)).status).toBe(201);
  });

  it('refuses without an active membership or course enrolment (403), an expired one too', async () => {
    const session = await insertSession();
    const none = await createUser({ role: 'student' });
    expect((await book(none, session.id)).body).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      message: 'An active membership or course enrolment is required to book classes',
    });
    const instructor = await createUser({ role: 'instructor' });
    expect((await book(instructor, session.id)).status).toBe(403);
    expect(await bookingRows(session.id)).toHaveLength(0);
  });

  it('lets admin-capable staff book anyone with userId, eligible or not', async () => {
    const session = await insertSession();
    const admin = await createUser({ role: 'admin' });
    const gm = await createUser({ role: 'grandmaster' });
    const [walkIn, other] = [await createUser({ role: 'member' }), await createUser({ role: 'student' })];
    const res = await book(admin, session.id, { userId: walkIn.id });
    expect(res.status).toBe(201);
    expect(res.body.data.booking).toMatchObject({ userId: walkIn.id, bookedBy: admin.id, status: 'booked' });
    expect((await book(gm, session.id, { userId: other.id })).status).toBe(201);
  });

  it('refuses a student booking for someone else (403) and bad or unknown user ids (400 / 404)', async () => {
    const session = await insertSession();
    const me = await learner();
    const other = await learner();
    expect((await book(me, session.id, { userId: other.id })).body).toMatchObject({ message: 'You may only book classes for yourself' });
    expect((await book(me, session.id, { userId: me.id })).status).toBe(201);
    const admin = await createUser({ role: 'admin' });
    for (const userId of [42, '', 'x'.repeat(65), null]) {
      const res = await book(admin, session.id, { userId });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ path: 'userId', message: 'userId must be a user id' });
    }
    expect((await book(admin, session.id, { userId: 'no-such-user' })).body).toMatchObject({
      code: 'NOT_FOUND',
      message: 'User not found',
    });
    const gone = await createUser({ role: 'student', isActive: false });
    expect((await book(admin, session.id, { userId: gone.id })).status).toBe(404);
    expect(
      (
        await api(`/api/sessions/${session.id}/bookings`, {
          method: 'POST',
          token: me.token,
          raw: '[1,2]',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
  });

  it('answers 404 for an unknown session, 400 for a cancelled one and for one that has started', async () => {
    const me = await learner();
    expect((await book(me, 'no-such-session')).body).toMatchObject({ code: 'NOT_FOUND', message: 'Session not found' });
    const cancelled = await insertSession({ status: 'cancelled', cancelReason: 'Snow' });
    expect((await book(me, cancelled.id)).body).toMatchObject({ code: 'BAD_REQUEST', message: 'This session has been cancelled' });
    const started = await insertSession({ inHours: -0.25 });
    expect((await book(me, started.id)).body).toMatchObject({ code: 'BAD_REQUEST', message: 'Bookings for this session are closed' });
    const over = await insertSession({ inHours: -30 });
    expect((await book(me, over.id)).status).toBe(400);
    for (const s of [cancelled, started, over]) expect(await bookingRows(s.id)).toHaveLength(0);
  });

  it('answers 401 without a token', async () => {
    const session = await insertSession();
    expect((await api(`/api/sessions/${session.id}/bookings`, { method: 'POST', body: {} })).status).toBe(401);
  });
});

describe('DELETE /api/sessions/:id/bookings/me', () => {
  it('cancels, promotes the first on the waitlist in the same batch and tells them (in-app and e-mail)', async () => {
    const session = await insertSession({ capacity: 1, title: 'Kata fundamentals' });
    const [a, w1, w2] = await learners(3);
    await bookInTurn([a!, w1!, w2!], session.id);
    const res = await cancelMine(a!, session.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Booking cancelled',
      data: { booking: { userId: a!.id, status: 'cancelled', lateCancel: false }, promoted: { userId: w1!.id, status: 'booked' } },
    });
    expect(res.body.data.booking.cancelledAt).toBeTruthy();
    expect(res.body.data.promoted.promotedAt).toBeTruthy();
    expect(await sessionRow(session.id)).toMatchObject({ bookedCount: 1, waitlistCount: 1 });
    const mine = await api('/api/bookings/my', { token: w2!.token });
    expect(mine.body.data[0]).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    await settleDeferred();
    const [note] = (await notificationsOf(w1!.id)).filter((n) => n.eventType === 'booking_promoted');
    expect(note).toMatchObject({ title: 'You have a place in Kata fundamentals', entityId: res.body.data.promoted._id });
    expect(
      (await mailsOf(w1!.id)).some((m) => m.kind === 'booking_promoted' && m.subject === 'You have a place in Kata fundamentals'),
    ).toBe(true);
    expect((await notificationsOf(w2!.id)).some((n) => n.eventType === 'booking_promoted')).toBe(false);
  });

  it('leaving the waitlist promotes nobody and moves the others up', async () => {
    const session = await insertSession({ capacity: 1 });
    const [a, w1, w2] = await learners(3);
    await bookInTurn([a!, w1!, w2!], session.id);
    const res = await cancelMine(w1!, session.id);
    expect(res.body.data).toMatchObject({ booking: { status: 'cancelled', lateCancel: false }, promoted: null });
    expect((await api('/api/bookings/my', { token: w2!.token })).body.data[0].waitlistPosition).toBe(1);
  });

  it('records no late cancel well before the start, nor for leaving the waitlist close to it (the cutoff itself: settings.test.ts)', async () => {
    // More than the longest cutoff (a week) ahead: never late, whatever the school's setting is right now.
    const far = await insertSession({ inHours: 24 * 8 });
    const soon = await insertSession({ inHours: 0.5, capacity: 1 });
    const [me, first] = await learners(2);
    await book(me!, far.id);
    expect((await cancelMine(me!, far.id)).body.data.booking.lateCancel).toBe(false);
    await book(first!, soon.id);
    expect((await book(me!, soon.id)).body.data.booking.status).toBe('waitlisted');
    expect((await cancelMine(me!, soon.id)).body.data.booking.lateCancel).toBe(false);
  });

  it('refuses once the session has started (400), and with 404 when there is nothing to cancel', async () => {
    const me = await learner();
    const session = await insertSession();
    expect((await cancelMine(me, session.id)).body).toMatchObject({ code: 'NOT_FOUND', message: 'Booking not found' });
    expect((await cancelMine(me, 'no-such-session')).body).toMatchObject({ code: 'NOT_FOUND', message: 'Session not found' });
    const started = await insertSession({ inHours: 1 });
    await book(me, started.id);
    await testDb()
      .update(classSessions)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(classSessions.id, started.id));
    expect((await cancelMine(me, started.id)).body).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This session has already started: the booking can no longer be cancelled',
    });
  });
});

describe('DELETE /api/sessions/:id/bookings/:bookingId (staff)', () => {
  it('lets the session instructor and admin-capable staff cancel a booking, even after the start; promotes the next', async () => {
    const teacher = await createUser({ role: 'instructor' });
    const session = await insertSession({ capacity: 1, instructorUserId: teacher.id });
    const [a, w] = await learners(2);
    const [booked] = await bookInTurn([a!, w!], session.id);
    const res = await cancelById(teacher, session.id, booked._id);
    expect(res.status).toBe(200);
    expect(res.body.data.promoted).toMatchObject({ userId: w!.id });
    const admin = await createUser({ role: 'admin' });
    const promotedId = res.body.data.promoted._id;
    expect((await cancelById(admin, session.id, promotedId)).status).toBe(200);
    expect((await cancelById(admin, session.id, promotedId)).body).toMatchObject({ code: 'NOT_FOUND', message: 'Booking not found' });
  });

  it('refuses another instructor (403), a student (403) and a booking of another session (404)', async () => {
    const teacher = await createUser({ role: 'instructor' });
    const stranger = await createUser({ role: 'instructor' });
    const session = await insertSession({ instructorUserId: teacher.id });
    const other = await insertSession({ instructorUserId: teacher.id });
    const me = await learner();
    const mine = (await book(me, session.id)).body.data.booking;
    expect((await cancelById(stranger, session.id, mine._id)).body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only the instructor of this session or an admin may manage its bookings',
    });
    expect((await cancelById(me, session.id, mine._id)).status).toBe(403);
    expect((await cancelById(teacher, other.id, mine._id)).status).toBe(404);
    expect((await bookingRows(session.id))[0]!.status).toBe('booked');
  });
});

describe('GET /api/sessions/:id/bookings (staff)', () => {
  it('lists booked, then the waitlist in order, then cancelled, with names, for the instructor and admins only', async () => {
    const teacher = await createUser({ role: 'instructor' });
    const session = await insertSession({ capacity: 1, instructorUserId: teacher.id });
    const a = await learner();
    const [w1, w2] = await learners(2);
    await bookInTurn([a, w1!, w2!], session.id);
    await cancelMine(w1!, session.id);
    const res = await api(`/api/sessions/${session.id}/bookings`, { token: teacher.token });
    expect(res.status).toBe(200);
    expect(
      res.body.data.map((b: { userId: string; status: string; waitlistPosition: number | null }) => [
        b.userId,
        b.status,
        b.waitlistPosition,
      ]),
    ).toEqual([
      [a.id, 'booked', null],
      [w2!.id, 'waitlisted', 1],
      [w1!.id, 'cancelled', null],
    ]);
    expect(res.body.data[0].user).toEqual({ _id: a.id, name: expect.any(String) });
    expect(res.body.bookings).toHaveLength(3);
    expect((await api(`/api/sessions/${session.id}/bookings`, { token: (await createUser({ role: 'super-admin' })).token })).status).toBe(
      200,
    );
    expect((await api(`/api/sessions/${session.id}/bookings`, { token: (await createUser({ role: 'instructor' })).token })).status).toBe(
      403,
    );
    expect((await api(`/api/sessions/${session.id}/bookings`, { token: a.token })).status).toBe(403);
    expect((await api('/api/sessions/nope/bookings', { token: teacher.token })).status).toBe(404);
  });
});

describe('GET /api/bookings/my', () => {
  it('answers the caller’s live bookings in start order with their sessions, between from and to', async () => {
    const me = await learner();
    const someone = await learner();
    const [late, early, far] = [
      await insertSession({ inHours: 48 }),
      await insertSession({ inHours: 5 }),
      await insertSession({ inHours: 24 * 40 }),
    ];
    const gone = await insertSession({ inHours: 10 });
    for (const s of [late, early, far, gone]) await book(me, s.id);
    await book(someone, early.id);
    await cancelMine(me, gone.id);
    const res = await api('/api/bookings/my', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((b: { sessionId: string }) => b.sessionId)).toEqual([early.id, late.id, far.id]);
    expect(res.body.data[0].session).toMatchObject({
      _id: early.id,
      title: early.title,
      capacity: 20,
      bookedCount: 2,
      spotsLeft: 18,
      status: 'scheduled',
      myBooking: { status: 'booked' },
    });
    const to = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect((await api(`/api/bookings/my?to=${to}`, { token: me.token })).body.data).toHaveLength(2);
    const from = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (await api(`/api/bookings/my?from=${from}&to=${to}`, { token: me.token })).body.data.map((b: { sessionId: string }) => b.sessionId),
    ).toEqual([late.id]);
  });

  it('names the field of a bad date and refuses a reversed or too long range', async () => {
    const me = await learner();
    const bad = await api('/api/bookings/my?from=yesterday', { token: me.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('from');
    expect((await api('/api/bookings/my?from=2026-05-02&to=2026-05-01', { token: me.token })).body.errors[0]).toMatchObject({ path: 'to' });
    expect((await api('/api/bookings/my?from=2026-01-01&to=2026-12-31', { token: me.token })).body.message).toBe(
      'The date range may span at most 92 days',
    );
    expect((await api('/api/bookings/my')).status).toBe(401);
  });
});
