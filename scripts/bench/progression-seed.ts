import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { newId } from '#core/ids.ts';
import * as schema from '#db/schema/index.ts';

const DAY = 86_400_000;
export const BENCH_PROGRAM = 'bench-karate';
export const BENCH_STUDENTS = 500;
const RANKS = 10;
const SESSIONS = 60;

/** Deterministic pseudo-random numbers, so two runs judge the same school. */
const rng = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

/**
 * A program of 10 ranks (each with the seed's kind of requirements and 5 techniques), 500 students at
 * ranks 1–8 awarded 30–200 days ago, 60 sessions of the program's class over 120 days with bookings and
 * ledger events (about half attended), technique checks and credits; the demo student (STU-0001) among them.
 */
export async function seedProgression(dbUrl: string) {
  const client = createClient({ url: dbUrl, intMode: 'number' });
  const db = drizzle(client, { schema });
  const random = rng(25);
  const now = Date.now();
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  try {
    const programId = newId();
    await db.insert(schema.programs).values({ id: programId, slug: BENCH_PROGRAM, name: 'Bench karate' });
    const ranks = Array.from({ length: RANKS }, (_, i) => ({
      id: newId(),
      programId,
      position: i + 1,
      name: `Bench rank ${i + 1}`,
      stripeMax: 4,
      testFeeCents: 2500,
    }));
    await db.insert(schema.ranks).values(ranks);
    await db.insert(schema.rankRequirements).values(
      ranks.slice(1).flatMap((r) => [
        { id: newId(), rankId: r.id, type: 'min_days' as const, mode: 'gate' as const, value: 60, position: 0 },
        { id: newId(), rankId: r.id, type: 'min_classes' as const, mode: 'gate' as const, value: 12, position: 1 },
        { id: newId(), rankId: r.id, type: 'techniques_passed' as const, mode: 'gate' as const, value: 3, position: 2 },
        { id: newId(), rankId: r.id, type: 'min_attendance_rate' as const, mode: 'advisory' as const, value: 60, position: 3 },
        { id: newId(), rankId: r.id, type: 'active_membership' as const, mode: 'advisory' as const, value: null, position: 4 },
      ]),
    );
    const techniques = ranks.flatMap((r) =>
      Array.from({ length: 5 }, (_, j) => ({ id: newId(), rankId: r.id, title: `Kata ${j + 1}`, category: 'kata', position: j })),
    );
    await db.insert(schema.rankTechniques).values(techniques);

    const users = Array.from({ length: BENCH_STUDENTS - 1 }, (_, i) => ({
      id: `bench-progression-${i}`,
      email: `bench-progression-${i}@example.test`,
      passwordHash: 'x',
      role: 'student',
      emailVerified: true,
      profile: { firstName: `Bench${i}`, lastName: 'Student' },
      createdAt: new Date(now - 300 * DAY),
    }));
    for (let i = 0; i < users.length; i += 200) await db.insert(schema.users).values(users.slice(i, i + 200));
    const leo = (await client.execute(`select id from users where student_id = 'STU-0001'`)).rows[0]?.id as string | undefined;
    const people = [...users.map((u) => u.id), ...(leo ? [leo] : [])];

    const awards = people.map((userId) => {
      const rank = ranks[Math.floor(random() * 8)]!;
      return {
        id: newId(),
        userId,
        programId,
        rankId: rank.id,
        awardedOn: day(now - (30 + Math.floor(random() * 170)) * DAY),
        source: 'import' as const,
      };
    });
    for (let i = 0; i < awards.length; i += 250) await db.insert(schema.studentRanks).values(awards.slice(i, i + 250));

    const classId = newId();
    await db
      .insert(schema.classes)
      .values({ id: classId, title: 'Bench class', dayOfWeek: 2, startTime: '18:00', endTime: '19:00', programId });
    const sessions = Array.from({ length: SESSIONS }, (_, i) => {
      const startsAt = new Date(now - (120 - i * 2) * DAY);
      return {
        id: newId(),
        classId,
        kind: 'regular' as const,
        title: 'Bench class',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
      };
    });
    await db.insert(schema.classSessions).values(sessions);
    const bookings: (typeof schema.sessionBookings.$inferInsert)[] = [];
    const events: (typeof schema.attendanceEvents.$inferInsert)[] = [];
    for (const s of sessions)
      for (const userId of people) {
        if (random() < 0.35) continue;
        bookings.push({ id: newId(), sessionId: s.id, userId, status: 'booked' });
        if (random() < 0.8)
          events.push({ id: crypto.randomUUID(), sessionId: s.id, userId, kind: 'present', method: 'roster', recordedAt: s.startsAt });
      }
    for (let i = 0; i < bookings.length; i += 2000) await db.insert(schema.sessionBookings).values(bookings.slice(i, i + 2000));
    for (let i = 0; i < events.length; i += 1000) await db.insert(schema.attendanceEvents).values(events.slice(i, i + 1000));
    const checks = awards.flatMap((a) => {
      const next = ranks.find((r) => r.position === ranks.find((x) => x.id === a.rankId)!.position + 1)!;
      return techniques.filter((t) => t.rankId === next.id && random() < 0.6).map((t) => ({ userId: a.userId, techniqueId: t.id }));
    });
    for (let i = 0; i < checks.length; i += 2000) await db.insert(schema.techniqueChecks).values(checks.slice(i, i + 2000));
    const credits = awards
      .filter(() => random() < 0.2)
      .map((a) => ({ id: newId(), userId: a.userId, programId, rankId: a.rankId, count: 5, reason: 'bench' }));
    if (credits.length) await db.insert(schema.attendanceCredits).values(credits);
    return { students: people.length, sessions: sessions.length, bookings: bookings.length, events: events.length, leo: !!leo };
  } finally {
    client.close();
  }
}
