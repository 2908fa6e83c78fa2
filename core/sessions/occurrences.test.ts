import { describe, expect, it } from 'vitest';
import { atWallTime, wallTime } from '#core/time-zone.ts';
import { type ExistingSession, occurrencesOf, parseWallTime, planSessionChanges, sessionKey } from './occurrences.ts';

const WEEK = 7 * 86_400_000;
const iso = (d: Date) => d.toISOString();
const klass = (dayOfWeek: number, startTime: string, endTime: string) => ({ id: 'c1', dayOfWeek, startTime, endTime });
const walls = (zone: string, list: { startsAt: Date; endsAt: Date }[]) =>
  list.map((o) => `${wallTime(o.startsAt, zone)}–${wallTime(o.endsAt, zone).slice(11)}`);

describe('parseWallTime', () => {
  it('reads HH:MM and rejects anything else with a clear error', () => {
    expect(parseWallTime('07:05')).toEqual({ hour: 7, minute: 5 });
    expect(parseWallTime('23:59')).toEqual({ hour: 23, minute: 59 });
    for (const bad of ['24:00', '7:05', '12:60', '12:00:00', '', 'noon']) {
      expect(() => parseWallTime(bad)).toThrow(/Invalid time .*HH:MM/);
    }
    expect(() => occurrencesOf(klass(1, '18:00', '25:00'), 0, 1, 'Europe/Paris')).toThrow('Invalid time "25:00"');
    expect(() => occurrencesOf(klass(7, '18:00', '19:00'), 0, 1, 'Europe/Paris')).toThrow(/dayOfWeek/);
  });
});

describe('occurrencesOf', () => {
  // Vancouver by wall time only: British Columbia's DST rules may change (the tz data decides), Paris's instants are fixed.
  it('keeps 18:00 at 18:00 across both DST changes in Vancouver', () => {
    const from = atWallTime(2026, 3, 1, 12, 0, 'America/Vancouver').getTime();
    expect(walls('America/Vancouver', occurrencesOf(klass(0, '18:00', '19:30'), from, 2, 'America/Vancouver'))).toEqual([
      '2026-03-01T18:00–19:30',
      '2026-03-08T18:00–19:30',
    ]);
    const autumn = atWallTime(2026, 10, 25, 12, 0, 'America/Vancouver').getTime();
    expect(walls('America/Vancouver', occurrencesOf(klass(0, '18:00', '19:30'), autumn, 2, 'America/Vancouver'))).toEqual([
      '2026-10-25T18:00–19:30',
      '2026-11-01T18:00–19:30',
    ]);
  });

  it('gives Paris the right instants across 2026-03-29 and 2026-10-25', () => {
    const spring = occurrencesOf(klass(0, '18:00', '19:00'), Date.UTC(2026, 2, 22), 2, 'Europe/Paris');
    expect(spring.map((o) => iso(o.startsAt))).toEqual(['2026-03-22T17:00:00.000Z', '2026-03-29T16:00:00.000Z']);
    const autumn = occurrencesOf(klass(0, '18:00', '19:00'), Date.UTC(2026, 9, 18), 2, 'Europe/Paris');
    expect(autumn.map((o) => iso(o.startsAt))).toEqual(['2026-10-18T16:00:00.000Z', '2026-10-25T17:00:00.000Z']);
  });

  it('moves a class in the spring-forward gap to the later instant, once, and keeps its end after its start', () => {
    const from = Date.UTC(2026, 2, 22);
    const gap = occurrencesOf(klass(0, '02:30', '03:15'), from, 3, 'Europe/Paris');
    expect(gap.map((o) => [iso(o.startsAt), iso(o.endsAt)])).toEqual([
      ['2026-03-22T01:30:00.000Z', '2026-03-22T02:15:00.000Z'],
      ['2026-03-29T01:30:00.000Z', '2026-03-29T02:15:00.000Z'], // 03:30–04:15 CEST: the 45 minutes kept
      ['2026-04-05T00:30:00.000Z', '2026-04-05T01:15:00.000Z'],
    ]);
    const endInGap = occurrencesOf(klass(0, '01:30', '02:30'), Date.UTC(2026, 2, 28), 1, 'Europe/Paris');
    expect(endInGap.map((o) => [iso(o.startsAt), iso(o.endsAt)])).toEqual([['2026-03-29T00:30:00.000Z', '2026-03-29T01:30:00.000Z']]);
    const la = occurrencesOf(klass(0, '02:30', '03:30'), Date.UTC(2026, 2, 7), 1, 'America/Los_Angeles');
    expect(la.map((o) => iso(o.startsAt))).toEqual(['2026-03-08T10:30:00.000Z']);
  });

  it('takes a time shown twice (fall back) once, as the first', () => {
    const twice = occurrencesOf(klass(0, '02:30', '03:30'), Date.UTC(2026, 9, 24), 1, 'Europe/Paris');
    expect(twice.map((o) => [iso(o.startsAt), iso(o.endsAt)])).toEqual([['2026-10-25T00:30:00.000Z', '2026-10-25T02:30:00.000Z']]);
  });

  it('counts the window in school days: from is inclusive, the same wall time `weeks` later exclusive', () => {
    const monday18 = atWallTime(2026, 11, 30, 18, 0, 'Europe/Paris').getTime();
    const at = (t: string, weeks: number, from = monday18) =>
      occurrencesOf(klass(1, t, '23:00'), from, weeks, 'Europe/Paris').map((o) => wallTime(o.startsAt, 'Europe/Paris'));
    expect(at('18:00', 2)).toEqual(['2026-11-30T18:00', '2026-12-07T18:00']);
    expect(at('17:59', 2)).toEqual(['2026-12-07T17:59', '2026-12-14T17:59']);
    expect(at('18:00', 2, monday18 + 30_000)).toEqual(['2026-12-07T18:00', '2026-12-14T18:00']);
    expect(at('18:00', 8)).toHaveLength(8);
    expect(at('18:00', 0)).toEqual([]);
    // Across a DST change the window is 8 school weeks, not 8 × 168 hours.
    const march = atWallTime(2026, 3, 2, 18, 0, 'Europe/Paris').getTime();
    expect(at('18:00', 8, march)).toHaveLength(8);
    expect(at('17:59', 8, march).at(-1)).toBe('2026-04-27T17:59');
  });
});

describe('sessionKey', () => {
  it('is the class and the UTC start', () => {
    expect(sessionKey('c1', new Date(Date.UTC(2026, 11, 7, 17)))).toBe('c1@2026-12-07T17:00:00.000Z');
  });
});

describe('planSessionChanges', () => {
  const zone = 'Europe/Paris';
  const now = Date.UTC(2026, 11, 1, 12);
  const wall = (day: number, time: string) => {
    const { hour, minute } = parseWallTime(time);
    return atWallTime(2026, 12, day, hour, minute, zone);
  };
  const want = (day: number, start: string, end: string, classId = 'c1') => ({
    classId,
    startsAt: wall(day, start),
    endsAt: wall(day, end),
  });
  const session = (id: string, day: number, start: string, end: string, more: Partial<ExistingSession> = {}): ExistingSession => ({
    id,
    ...want(day, start, end),
    bookedCount: 0,
    status: 'scheduled',
    ...more,
  });

  /** The sessions after applying `plan` (remove, update, create): for checking idempotency. */
  const apply = (existing: ExistingSession[], plan: ReturnType<typeof planSessionChanges>) => {
    const moved = new Map(plan.update.map((u) => [u.id, u]));
    const kept = existing.filter((s) => !plan.remove.includes(s.id)).map((s) => ({ ...s, ...moved.get(s.id) }));
    return [...kept, ...plan.create.map((c, i) => ({ ...c, id: `new${i}`, bookedCount: 0, status: 'scheduled' as const }))];
  };
  const nothingToDo = { create: [], update: [], remove: [] };
  const moveTo = (id: string, day: number, start: string, end: string) => ({ id, startsAt: wall(day, start), endsAt: wall(day, end) });

  it('creates the missing, moves the unbooked, keeps and reports the booked, removes the unwanted', () => {
    const existing = [
      session('same', 2, '18:00', '19:00'),
      session('moves', 3, '18:00', '19:00'),
      session('booked', 4, '18:00', '19:00', { bookedCount: 3 }),
      session('gone', 5, '18:00', '19:00'),
      session('goneBooked', 6, '18:00', '19:00', { bookedCount: 1 }),
    ];
    const wanted = [want(2, '18:00', '19:00'), want(3, '19:00', '20:30'), want(4, '19:00', '20:30'), want(7, '18:00', '19:00')];
    const plan = planSessionChanges(existing, wanted, now, zone);
    expect(plan.update).toEqual([moveTo('moves', 3, '19:00', '20:30')]);
    expect(plan.create).toEqual([want(4, '19:00', '20:30'), want(7, '18:00', '19:00')]);
    expect(plan.keep).toEqual([
      { id: 'booked', reason: 'booked' },
      { id: 'goneBooked', reason: 'booked' },
    ]);
    expect(plan.remove).toEqual(['gone']);

    const again = planSessionChanges(apply(existing, plan), wanted, now, zone);
    expect(again).toMatchObject(nothingToDo);
    expect(again.keep.map((k) => k.id)).toEqual(['booked', 'goneBooked']);
  });

  it('never touches a past or started session, nor recreates its date', () => {
    const existing = [session('past', 1, '10:00', '11:00'), session('started', 1, '12:30', '14:00'), session('today', 1, '18:00', '19:00')];
    const startedNow = wall(1, '12:30').getTime() + 60_000;
    const plan = planSessionChanges(existing, [want(1, '20:00', '21:00'), want(2, '11:00', '12:00')], startedNow, zone);
    expect(plan).toEqual({ create: [want(2, '11:00', '12:00')], update: [moveTo('today', 1, '20:00', '21:00')], keep: [], remove: [] });
    expect(planSessionChanges([session('past', 1, '10:00', '11:00')], [want(1, '10:00', '11:00')], now, zone)).toEqual({
      ...nothingToDo,
      keep: [],
    });
    expect(planSessionChanges([session('past', 1, '10:00', '11:00')], [], now, zone).remove).toEqual([]);
    expect(planSessionChanges([], [want(1, '11:00', '12:00')], now, zone).create).toEqual([]);
  });

  it('leaves a cancelled session alone and creates nothing in its place', () => {
    const existing = [
      session('cancelled', 2, '18:00', '19:00', { status: 'cancelled' }),
      session('cancelledGone', 3, '18:00', '19:00', { status: 'cancelled' }),
    ];
    expect(planSessionChanges(existing, [want(2, '19:00', '20:00')], now, zone)).toEqual({ ...nothingToDo, keep: [] });
  });

  it('moves only the end of a session whose start stays, and never onto the start of a booked one', () => {
    const plan = planSessionChanges([session('a', 2, '18:00', '19:00')], [want(2, '18:00', '20:00')], now, zone);
    expect(plan.update).toEqual([moveTo('a', 2, '18:00', '20:00')]);
    const booked = [session('b', 2, '18:00', '19:00', { bookedCount: 2 }), session('c', 2, '10:00', '11:00')];
    const blocked = planSessionChanges(booked, [want(2, '18:00', '20:00')], now, zone);
    expect(blocked).toEqual({ create: [], update: [], keep: [{ id: 'b', reason: 'booked' }], remove: ['c'] });
  });

  it('matches per class and ignores duplicate occurrences', () => {
    const existing = [session('c1', 2, '18:00', '19:00')];
    const wanted = [want(2, '18:00', '19:00', 'c2'), want(2, '18:00', '19:00', 'c2'), want(2, '18:00', '19:00')];
    expect(planSessionChanges(existing, wanted, now, zone)).toEqual({
      ...nothingToDo,
      create: [want(2, '18:00', '19:00', 'c2')],
      keep: [],
    });
  });

  it('is idempotent on the job’s own output: planning occurrences from nothing, then again', () => {
    const wanted = occurrencesOf(klass(2, '18:00', '19:00'), now, 8, zone);
    const plan = planSessionChanges([], wanted, now, zone);
    expect(plan.create).toHaveLength(8);
    expect(planSessionChanges(apply([], plan), wanted, now, zone)).toEqual({ ...nothingToDo, keep: [] });
    const later = now + WEEK;
    const next = planSessionChanges(apply([], plan), occurrencesOf(klass(2, '18:00', '19:00'), later, 8, zone), later, zone);
    // A week on, the first session has started and is left alone; only the new eighth week is created.
    expect(next).toMatchObject({ create: [{ startsAt: new Date('2027-01-26T17:00:00.000Z') }], update: [], remove: [] });
  });
});
