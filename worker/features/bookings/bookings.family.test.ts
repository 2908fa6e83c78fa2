import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { insertChild } from '#test/family-helpers.ts';
import { giveActiveMembership, insertSession } from '#test/session-helpers.ts';
import { book, bookingRows, learner } from './bookings.test-helpers.ts';

const cancelFor = (token: string, sessionId: string, forId: string) =>
  api(`/api/sessions/${sessionId}/bookings/me?for=${encodeURIComponent(forId)}`, { method: 'DELETE', token });
const myFor = (token: string, forId: string) => api(`/api/bookings/my?for=${encodeURIComponent(forId)}`, { token });

// The Worker's first request in a file compiles the app (seconds on a busy machine).
beforeAll(() => api('/api/health'), 60_000);

describe('a guardian books for their child (issue 26)', () => {
  it('books, lists and cancels the child’s place: the row is the child’s, booked by the guardian', async () => {
    const session = await insertSession({ capacity: 5 });
    const parent = await createUser({ role: 'member' });
    const child = await insertChild(parent.id);
    await giveActiveMembership(child.id);

    const res = await book(parent, session.id, { forUserId: child.id });
    expect(res.status).toBe(201);
    expect(res.body.data.booking).toMatchObject({ userId: child.id, bookedBy: parent.id, status: 'booked' });

    expect((await myFor(parent.token, child.id)).body.data.map((b: { userId: string }) => b.userId)).toEqual([child.id]);
    expect((await api('/api/bookings/my', { token: parent.token })).body.data).toEqual([]);

    const cancelled = await cancelFor(parent.token, session.id, child.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.booking).toMatchObject({ userId: child.id, status: 'cancelled' });
    expect((await bookingRows(session.id)).map((r) => [r.userId, r.status])).toEqual([[child.id, 'cancelled']]);
  });

  it('applies the child’s limits: the guardian’s own membership does not let a child without one book', async () => {
    const session = await insertSession({ capacity: 5 });
    const parent = await learner('member');
    const child = await insertChild(parent.id);
    const res = await book(parent, session.id, { forUserId: child.id });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('An active membership or course enrolment is required to book classes');
    expect(await bookingRows(session.id)).toEqual([]);
  });

  it('refuses another family’s child in a booking (403) and hides their bookings (404)', async () => {
    const session = await insertSession({ capacity: 5 });
    const parent = await learner('member');
    const stranger = await createUser({ role: 'member' });
    const theirs = await insertChild(stranger.id);
    await giveActiveMembership(theirs.id);
    const res = await book(parent, session.id, { forUserId: theirs.id });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You can only act for yourself or your own children');
    expect(await bookingRows(session.id)).toEqual([]);

    await book(stranger, session.id, { forUserId: theirs.id });
    const read = await myFor(parent.token, theirs.id);
    expect(read.status).toBe(404);
    expect(read.body.message).toBe('Child not found');
    expect((await cancelFor(parent.token, session.id, theirs.id)).status).toBe(404);
    expect((await bookingRows(session.id)).map((r) => r.status)).toEqual(['booked']);
  });

  it('refuses a plain student naming another adult: 403 to book, 404 to read', async () => {
    const session = await insertSession({ capacity: 5 });
    const [me, other] = [await learner(), await learner()];
    expect((await book(me, session.id, { forUserId: other.id })).status).toBe(403);
    expect((await myFor(me.token, other.id)).status).toBe(404);
    expect((await book(me, session.id, { forUserId: 'me' })).body.data.booking.userId).toBe(me.id);
  });
});
