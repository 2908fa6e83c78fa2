import type { AttendanceKind, AttendanceMethod } from '#core/attendance/kinds.ts';

/**
 * Who booked and who came, for the demo sessions: a plan, reproducible from the session's key, of
 * bookings and attendance events with the spread of a real school (most booked people present, some
 * late, a few no-shows and late cancels, walk-ins, a lapsed member's check-in flagged for review).
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export type DemoPerson = {
  userId: string;
  /** Class ids they usually come to. */
  regular: ReadonlySet<string>;
  /** An active membership or course enrolment: may book; a check-in without one is flagged for review. */
  mayTrain: boolean;
  /** How likely they book a class of theirs (0–1). */
  keen: number;
  /** They set a kiosk PIN. */
  hasPin?: boolean;
};

export type DemoSession = {
  id: string;
  classId: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number | null;
  instructorUserId: string | null;
};

export type DemoBooking = {
  id: string;
  sessionId: string;
  userId: string;
  status: 'booked' | 'waitlisted' | 'cancelled';
  bookedBy: string;
  lateCancel: boolean;
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type DemoEvent = {
  id: string;
  sessionId: string;
  userId: string;
  kind: AttendanceKind;
  method: AttendanceMethod;
  recordedAt: Date;
  receivedAt: Date;
  recordedBy: string | null;
  kioskDeviceId: string | null;
  needsReview: boolean;
};

export type PlanContext = {
  now: number;
  adminId: string | null;
  kioskId: string;
  /** Who books this session first, in order, until it is full and then onto the waitlist (the demo's full session). */
  fill?: readonly DemoPerson[];
};

/** A small seeded generator (mulberry32) so that one session's plan is the same on every machine. */
export function randomFrom(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How likely a regular books, by weeks ahead: most book in the last days before a class. */
const AHEAD_KEENNESS = [0.85, 0.6, 0.4, 0.25, 0.15];

export function planSession(
  session: DemoSession,
  people: readonly DemoPerson[],
  ctx: PlanContext,
  newId: () => string,
): { bookings: DemoBooking[]; events: DemoEvent[] } {
  const rand = randomFrom(`${session.classId}@${session.startsAt.toISOString()}`);
  const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo));
  const start = session.startsAt.getTime();
  const end = session.endsAt.getTime();
  const started = start <= ctx.now;
  const bookings: DemoBooking[] = [];
  const events: DemoEvent[] = [];
  let booked = 0;

  const book = (p: DemoPerson, createdAt: number, cancel?: { at: number }) => {
    const full = session.capacity !== null && booked >= session.capacity;
    const status = cancel ? 'cancelled' : full ? 'waitlisted' : 'booked';
    if (status === 'booked') booked++;
    const b: DemoBooking = {
      id: newId(),
      sessionId: session.id,
      userId: p.userId,
      status,
      bookedBy: rand() < 0.05 && ctx.adminId ? ctx.adminId : p.userId,
      lateCancel: !!cancel && start - cancel.at < 2 * HOUR,
      cancelledAt: cancel ? new Date(cancel.at) : null,
      createdAt: new Date(createdAt),
      updatedAt: new Date(cancel?.at ?? createdAt),
    };
    bookings.push(b);
    return b;
  };
  const event = (p: DemoPerson, kind: AttendanceKind, method: AttendanceMethod, recordedAt: number, delay: number) => {
    if (recordedAt > ctx.now) return;
    const byKiosk = method === 'kiosk_qr' || method === 'kiosk_pin';
    events.push({
      id: crypto.randomUUID(),
      sessionId: session.id,
      userId: p.userId,
      kind,
      method,
      recordedAt: new Date(recordedAt),
      receivedAt: new Date(Math.min(ctx.now, recordedAt + delay)),
      recordedBy: byKiosk ? null : method === 'admin' ? ctx.adminId : session.instructorUserId,
      kioskDeviceId: byKiosk ? ctx.kioskId : null,
      needsReview: !p.mayTrain,
    });
  };
  // One in ten taps waits in a device's outbox for a while (the dojo's Wi-Fi dropped) before it is sent.
  const delay = () => (rand() < 0.1 ? between(10 * MIN, 90 * MIN) : between(300, 3000));
  const checkIn = (p: DemoPerson) => {
    const r = rand();
    if (p.hasPin && r < 0.45) return event(p, 'present', 'kiosk_pin', start - between(2 * MIN, 15 * MIN), delay());
    if (r < 0.6) {
      event(p, 'present', 'kiosk_qr', start - between(2 * MIN, 15 * MIN), delay());
      // The instructor ticks them on the roster as well: two presences collapse to one.
      if (rand() < 0.15) event(p, 'present', 'roster', start + between(MIN, 5 * MIN), delay());
      return;
    }
    event(p, 'present', 'roster', start + between(0, 5 * MIN), delay());
  };
  const attend = (p: DemoPerson) => {
    const r = rand();
    if (r < 0.8) return checkIn(p);
    if (r < 0.88) return event(p, 'late', rand() < 0.5 ? 'roster' : 'kiosk_qr', start + between(6 * MIN, 20 * MIN), delay());
    if (r < 0.92) return event(p, 'excused', 'admin', start - between(HOUR, 8 * HOUR), between(200, 900));
    // A no-show: the instructor marks some absent at the end of class, and simply misses others.
    if (rand() < 0.5) event(p, 'absent', 'roster', end - between(0, 10 * MIN), delay());
  };

  const weeksAhead = Math.max(0, Math.floor((start - ctx.now) / (7 * DAY)));
  const keenness = started ? 1 : AHEAD_KEENNESS[Math.min(weeksAhead, AHEAD_KEENNESS.length - 1)]!;
  const regulars = people.filter((p) => p.regular.has(session.classId));
  const fill = ctx.fill ?? [];
  const order = [...fill, ...regulars.filter((p) => !fill.includes(p))];
  const latestBooking = Math.min(ctx.now, start - HOUR);
  const intents: { p: DemoPerson; createdAt: number; cancelAt?: number }[] = [];
  order.forEach((p, i) => {
    const filling = i < fill.length;
    if (!p.mayTrain) {
      // A lapsed member cannot book, but the odd one still walks in: accepted, flagged for review.
      if (started && rand() < 0.3) checkIn(p);
      return;
    }
    if (!filling && rand() >= p.keen * keenness) {
      if (started && rand() < 0.08) checkIn(p); // a walk-in: came without booking
      return;
    }
    const createdAt = filling ? ctx.now - (fill.length - i) * 47 * MIN : latestBooking - between(HOUR, 5 * DAY);
    let cancelAt: number | undefined;
    if (!filling && rand() < 0.07) {
      const at = rand() < 0.4 ? start - between(10 * MIN, 2 * HOUR) : createdAt + (Math.min(ctx.now, start) - createdAt) * rand();
      if (at <= ctx.now && at > createdAt) cancelAt = at;
    }
    intents.push({ p, createdAt, cancelAt });
  });
  // Places go in the order people booked: the waitlist is the latest bookings once the session was full.
  for (const { p, createdAt, cancelAt } of intents.sort((a, b) => a.createdAt - b.createdAt)) {
    const b = book(p, createdAt, cancelAt === undefined ? undefined : { at: cancelAt });
    if (started && b.status === 'booked') attend(p);
  }
  return { bookings, events };
}
