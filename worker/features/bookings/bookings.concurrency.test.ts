import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { insertSession } from '#test/session-helpers.ts';
import { book, bookingRows, bookInTurn, cancelMine, learners, sessionRow } from './bookings.test-helpers.ts';

describe('bookings under parallel requests', () => {
  it('gives the last 5 places to exactly 5 of 30 racing people and waitlists the other 25 at positions 1..25 in arrival order', async () => {
    const session = await insertSession({ capacity: 8 });
    await bookInTurn(await learners(3), session.id);
    const people = await learners(30);
    const answers = await Promise.all(people.map((p) => book(p, session.id)));
    const booked = answers.filter((r) => r.status === 201 && r.body.data.booking.status === 'booked');
    const waitlisted = answers.filter((r) => r.status === 201 && r.body.data.booking.status === 'waitlisted');
    const positions = waitlisted.map((r) => r.body.data.booking.waitlistPosition as number).sort((a, b) => a - b);
    const row = await sessionRow(session.id);
    console.log(
      `booking race: 30 people for the last 5 places → ${booked.length} booked, ${waitlisted.length} waitlisted (positions ${positions[0]}..${positions.at(-1)}), other ${30 - booked.length - waitlisted.length}; session booked_count ${row?.bookedCount}/${row?.capacity}, waitlist_count ${row?.waitlistCount}`,
    );
    expect(booked).toHaveLength(5);
    expect(waitlisted).toHaveLength(25);
    expect(booked.every((r) => r.body.message === 'Booked' && r.body.data.booking.waitlistPosition === null)).toBe(true);
    expect(waitlisted.every((r) => r.body.message === 'Added to the waitlist')).toBe(true);
    expect(positions).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(row).toMatchObject({ bookedCount: 8, waitlistCount: 25 });

    // The positions answered are the ones the list shows now, and every booked place arrived before every waitlisted one.
    const admin = await api(`/api/sessions/${session.id}/bookings`, { token: (await createUser({ role: 'admin' })).token });
    const list = admin.body.data as { _id: string; status: string; waitlistPosition: number | null }[];
    const now = new Map(list.map((b) => [b._id, b.waitlistPosition]));
    for (const r of waitlisted) expect(now.get(r.body.data.booking._id)).toBe(r.body.data.booking.waitlistPosition);
    const rows = await bookingRows(session.id);
    const lastBooked = Math.max(...rows.filter((b) => b.status === 'booked').map((b) => b.createdAt.getTime()));
    const firstWaiting = Math.min(...rows.filter((b) => b.status === 'waitlisted').map((b) => b.createdAt.getTime()));
    expect(lastBooked).toBeLessThanOrEqual(firstWaiting);
    expect(list.filter((b) => b.status === 'waitlisted').map((b) => b.waitlistPosition)).toEqual(positions);
  });

  it('answers 201 once and 409 nine times to one person booking the same session 10 times at once', async () => {
    const session = await insertSession({ capacity: 5 });
    const [me] = await learners(1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => book(me!, session.id)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.body.message).toBe('You have already booked this session');
    expect(await sessionRow(session.id)).toMatchObject({ bookedCount: 1, waitlistCount: 0 });
  });

  it('a promotion racing a second cancellation: the freed place goes to the next in line exactly once, never over capacity', async () => {
    const session = await insertSession({ capacity: 2 });
    const [a, b, w1, w2, w3] = await learners(5);
    await bookInTurn([a!, b!, w1!, w2!, w3!], session.id);
    // A gives up a booked place while W1 (first in line) leaves the waitlist at the same moment.
    const [cancelA, cancelW1] = await Promise.all([cancelMine(a!, session.id), cancelMine(w1!, session.id)]);
    const rows = await bookingRows(session.id);
    const status = (u: { id: string }) => rows.find((r) => r.userId === u.id)!.status;
    const promotedTo = [cancelA, cancelW1].map((r) => r.body.data.promoted?.userId).filter(Boolean);
    const row = await sessionRow(session.id);
    console.log(
      `promotion race: A (booked) and W1 (waitlisted #1) cancel at once → A ${status(a!)}, W1 ${status(w1!)}, B ${status(b!)}, W2 ${status(w2!)}, W3 ${status(w3!)}; promotions ${promotedTo.length}; booked ${row?.bookedCount}/${row?.capacity}, waitlist ${row?.waitlistCount}`,
    );
    expect([cancelA.status, cancelW1.status]).toEqual([200, 200]);
    expect(status(a!)).toBe('cancelled');
    expect(status(b!)).toBe('booked');
    expect(status(w3!)).toBe('waitlisted');
    expect(row).toMatchObject({ bookedCount: 2, waitlistCount: 1 });
    // Whichever ran first, one place was freed and filled once: W2 either way (W1 left, or W1 was promoted then left).
    expect(status(w2!)).toBe('booked');
    expect(status(w1!)).toBe('cancelled');
    expect(rows.filter((r) => r.status === 'booked')).toHaveLength(2);
    expect(rows.filter((r) => r.promotedAt !== null).every((r) => [w1!.id, w2!.id].includes(r.userId))).toBe(true);
  });

  it('two booked people cancelling at once promote the first two in line, each once', async () => {
    const session = await insertSession({ capacity: 2 });
    const [a, b, w1, w2, w3] = await learners(5);
    await bookInTurn([a!, b!, w1!, w2!, w3!], session.id);
    const answers = await Promise.all([cancelMine(a!, session.id), cancelMine(b!, session.id)]);
    const promoted = answers.map((r) => r.body.data.promoted?.userId).sort();
    const rows = await bookingRows(session.id);
    console.log(
      `double cancel race: promoted ${promoted.length} (${[w1, w2].every((w) => promoted.includes(w!.id)) ? 'W1 and W2' : 'unexpected'})`,
    );
    expect(promoted).toEqual([w1!.id, w2!.id].sort());
    expect(
      rows
        .filter((r) => r.status === 'booked')
        .map((r) => r.userId)
        .sort(),
    ).toEqual([w1!.id, w2!.id].sort());
    expect(rows.find((r) => r.userId === w3!.id)?.status).toBe('waitlisted');
    expect(await sessionRow(session.id)).toMatchObject({ bookedCount: 2, waitlistCount: 1 });
  });
});
