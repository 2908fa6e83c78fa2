import { createHash } from 'node:crypto';
import { createClient, type Client } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveStatus } from '#core/attendance/effective.ts';
import type { AttendanceKind, AttendanceMethod } from '#core/attendance/kinds.ts';
import { wallTime } from '#core/time-zone.ts';
import { runMigrations } from '#db/migrate.ts';
import { createDb } from '#db/client.ts';
import { seedLocal } from '#db/seed.ts';
import { startTestServer, type TestServer } from '#db/server/test-helpers.ts';
import { keepSessionsAhead } from '#worker/lib/sessions/generate.ts';
import { DEMO_KIOSK_TOKEN, DEMO_PIN } from './checkin.ts';

const SECRET = 'a-test-jwt-secret-of-enough-length-0123456789';
const DAY = 86_400_000;
const WEEK = 7 * DAY;

let server: TestServer;
let client: Client;
let seededAt: number;
/** API-24's PIN hash, computed here with WebCrypto as a kiosk does: HMAC(key = HMAC(JWT_SECRET, 'kiosk-pin'), pin) in hex. */
async function contractPinHash(secret: string, pin: string) {
  const hmac = async (key: Uint8Array<ArrayBuffer>, text: string) => {
    const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return new Uint8Array(await crypto.subtle.sign('HMAC', k, new TextEncoder().encode(text)));
  };
  const pinKey = await hmac(new TextEncoder().encode(secret), 'kiosk-pin');
  return Buffer.from(await hmac(pinKey, pin)).toString('hex');
}

const rows = async <T>(sql: string, args: (string | number)[] = []) => (await client.execute({ sql, args })).rows as unknown as T[];
const one = async <T>(sql: string, args: (string | number)[] = []) => (await rows<T>(sql, args))[0]!;

beforeAll(async () => {
  server = await startTestServer();
  await runMigrations(server.url);
  seededAt = Date.now();
  await seedLocal(server.url, { log: () => {}, jwtSecret: SECRET });
  client = createClient({ url: server.url, intMode: 'number' });
}, 120_000);

afterAll(() => {
  client?.close();
  server?.stop();
});

type Session = { id: string; class_id: string; starts_at: number; capacity: number; booked_count: number; waitlist_count: number };

describe('the demo classes', () => {
  it('has every seeded weekly class dated from 6 weeks back to 8 ahead, as the generator makes them', async () => {
    const perClass = await rows<{ class_id: string; n: number; first: number; last: number; past: number }>(
      `select class_id, count(*) n, min(starts_at) first, max(starts_at) last, sum(starts_at < ?) past from class_sessions group by class_id`,
      [seededAt],
    );
    expect(perClass).toHaveLength(11);
    for (const c of perClass) {
      expect(c.n, c.class_id).toBe(14);
      expect(c.past, c.class_id).toBeGreaterThanOrEqual(5);
      expect(c.past, c.class_id).toBeLessThanOrEqual(7);
      expect(c.first).toBeGreaterThanOrEqual(seededAt - 6 * WEEK - 3_600_000);
      expect(c.first).toBeLessThan(seededAt - 5 * WEEK);
      expect(c.last).toBeLessThan(seededAt + 8 * WEEK + 3_600_000);
      expect(c.last).toBeGreaterThan(seededAt + 7 * WEEK);
    }
    const mismatched = await one<{ n: number }>(
      `select count(*) n from class_sessions s join classes c on c.id = s.class_id
       where s.kind <> 'regular' or s.title <> c.title or s.location is not c.location or s.capacity is not c.capacity
          or s.status <> 'scheduled' or s.instructor_user_id <> (select id from users where email = 'instructor@dojo.local')`,
    );
    expect(mismatched.n).toBe(0);
    const untaught = await one<{ n: number }>(
      `select count(*) n from classes where instructor_user_id is not (select id from users where email = 'instructor@dojo.local')`,
    );
    expect(untaught.n, 'classes whose later sessions the generator would make without the instructor').toBe(0);
    // 19:00 stays 19:00 on the school's clock whatever the UTC offset that week, on the class's weekday
    const times = await rows<{ starts_at: number; start_time: string; day_of_week: number }>(
      `select s.starts_at, c.start_time, c.day_of_week from class_sessions s join classes c on c.id = s.class_id`,
    );
    for (const t of times) {
      const local = wallTime(t.starts_at, 'America/Vancouver');
      expect(local.slice(11)).toBe(t.start_time);
      expect(new Date(`${local.slice(0, 10)}T00:00:00Z`).getUTCDay()).toBe(t.day_of_week);
    }
  });

  it('is what the generator keeps: running it after the seed creates, moves or removes nothing', async () => {
    const changes = await keepSessionsAhead({ db: createDb({ url: server.url }) }, new Date());
    expect(changes).toMatchObject({ created: 0, updated: 0, removed: 0 });
  });

  it('keeps every session’s counts equal to its bookings, never over capacity, with one full future session and a waitlist', async () => {
    const sessions = await rows<Session & { booked: number; waiting: number }>(
      `select s.*, (select count(*) from session_bookings b where b.session_id = s.id and b.status = 'booked') booked,
              (select count(*) from session_bookings b where b.session_id = s.id and b.status = 'waitlisted') waiting
       from class_sessions s`,
    );
    for (const s of sessions) {
      expect([s.booked_count, s.waitlist_count], s.id).toEqual([s.booked, s.waiting]);
      expect(s.booked_count).toBeLessThanOrEqual(s.capacity);
      if (s.waitlist_count > 0) expect(s.booked_count).toBe(s.capacity);
    }
    const future = sessions.filter((s) => s.starts_at > seededAt);
    expect(future.filter((s) => s.booked_count > 0).length).toBeGreaterThan(future.length / 2);
    const full = future.filter((s) => s.waitlist_count > 0);
    expect(full).toHaveLength(1);
    expect(full[0]!.booked_count).toBe(full[0]!.capacity);
    expect(full[0]!.waitlist_count).toBe(3);
    // the demo student is first on its waitlist (what "My classes" shows), and every waitlisted place is later than every booked one
    const queue = await rows<{ email: string; status: string; created_at: number }>(
      `select u.email, b.status, b.created_at from session_bookings b join users u on u.id = b.user_id where b.session_id = ? order by b.created_at`,
      [full[0]!.id],
    );
    expect(queue.findIndex((q) => q.status === 'waitlisted')).toBe(full[0]!.capacity);
    expect(queue.filter((q) => q.status === 'waitlisted')[0]!.email).toBe('student@dojo.local');
    expect(queue.slice(full[0]!.capacity).every((q) => q.status === 'waitlisted')).toBe(true);
    // only people who may train booked: an active membership or course enrolment
    const unentitled = await one<{ n: number }>(
      `select count(*) n from session_bookings b where b.status <> 'cancelled' and not (
         exists (select 1 from membership_enrollments me where me.user_id = b.user_id and me.status = 'active' and me.ends_at > ?)
         or exists (select 1 from course_enrollments ce where ce.user_id = b.user_id and ce.status = 'active'))`,
      [seededAt],
    );
    expect(unentitled.n).toBe(0);
    const lateCancels = await one<{ n: number }>(`select count(*) n from session_bookings where late_cancel = 1 and status = 'cancelled'`);
    expect(lateCancels.n).toBeGreaterThan(0);
  });

  it('records attendance with a real school’s spread, only for sessions that started, for the demo student across months', async () => {
    const future = await one<{ n: number }>(
      `select count(*) n from attendance_events e join class_sessions s on s.id = e.session_id where s.starts_at > ? or e.recorded_at > ?`,
      [seededAt, seededAt],
    );
    expect(future.n).toBe(0);
    const events = await rows<{
      session_id: string;
      user_id: string;
      kind: AttendanceKind;
      method: AttendanceMethod;
      recorded_at: number;
      received_at: number;
      needs_review: number;
      booked: number;
    }>(
      `select e.*, exists (select 1 from session_bookings b where b.session_id = e.session_id and b.user_id = e.user_id and b.status = 'booked') booked
       from attendance_events e`,
    );
    const ledger = new Map<string, typeof events>();
    for (const e of events) ledger.set(`${e.session_id}|${e.user_id}`, [...(ledger.get(`${e.session_id}|${e.user_id}`) ?? []), e]);
    const status = [...ledger.values()].map((list) => ({
      booked: list[0]!.booked === 1,
      status: effectiveStatus(list.map((e) => ({ ...e, recordedAt: new Date(e.recorded_at), receivedAt: new Date(e.received_at) }))),
    }));
    const booked = await one<{ n: number }>(
      `select count(*) n from session_bookings b join class_sessions s on s.id = b.session_id where b.status = 'booked' and s.ends_at < ?`,
      [seededAt],
    );
    const presentBooked = status.filter((s) => s.booked && s.status === 'present').length;
    expect(presentBooked / booked.n).toBeGreaterThan(0.6);
    expect(presentBooked / booked.n).toBeLessThan(0.95);
    const count = (kind: string) => status.filter((s) => s.status === kind).length;
    expect(count('late')).toBeGreaterThan(0);
    expect(count('absent')).toBeGreaterThan(0);
    expect(count('excused')).toBeGreaterThan(0);
    expect(status.filter((s) => !s.booked).length, 'walk-ins').toBeGreaterThan(0);
    expect(booked.n - status.filter((s) => s.booked && s.status).length, 'no-shows without a mark').toBeGreaterThan(0);
    expect(new Set(events.map((e) => e.method))).toEqual(new Set(['roster', 'kiosk_qr', 'kiosk_pin', 'admin']));
    expect(events.filter((e) => e.received_at - e.recorded_at > 600_000).length, 'synced after a while offline').toBeGreaterThan(0);
    // flagged for review exactly when the person has no right to train
    const review = await rows<{ email: string; n: number }>(
      `select u.email, count(*) n from attendance_events e join users u on u.id = e.user_id where e.needs_review = 1 group by u.email`,
    );
    expect(review.length).toBeGreaterThan(0);
    expect(
      review.map((r) => r.email).every((e) => ['liam.obrien@members.dojo.local', 'nadia.petrova@members.dojo.local'].includes(e)),
    ).toBe(true);

    const student = await rows<{ month: string; n: number }>(
      `select strftime('%Y-%m', e.recorded_at / 1000, 'unixepoch') month, count(*) n from attendance_events e
       join users u on u.id = e.user_id where u.student_id = 'STU-0001' and e.kind in ('present', 'late') group by month`,
    );
    expect(student.length).toBeGreaterThanOrEqual(2);
    expect(student.reduce((a, m) => a + m.n, 0)).toBeGreaterThanOrEqual(10);
  });

  it('gives every demo member a QR token, the demo student the documented PIN, and one kiosk "Front desk"', async () => {
    const missing = await one<{ n: number }>(
      `select count(*) n from (select user_id from session_bookings union select user_id from attendance_events) p
       where not exists (select 1 from checkin_credentials c where c.user_id = p.user_id)`,
    );
    expect(missing.n).toBe(0);
    const tokens = await one<{ n: number; distinct_tokens: number }>(
      `select count(*) n, count(distinct qr_token) distinct_tokens from checkin_credentials`,
    );
    expect(tokens.distinct_tokens).toBe(tokens.n);
    const pins = await rows<{ student_id: string; pin_hash: string }>(
      `select u.student_id, c.pin_hash from checkin_credentials c join users u on u.id = c.user_id where c.pin_hash is not null`,
    );
    expect(pins).toEqual([{ student_id: 'STU-0001', pin_hash: await contractPinHash(SECRET, DEMO_PIN) }]);
    const kiosks = await rows<{ name: string; token_hash: string; revoked_at: number | null }>(
      `select name, token_hash, revoked_at from kiosk_devices`,
    );
    expect(kiosks).toEqual([
      { name: 'Front desk', token_hash: createHash('sha256').update(DEMO_KIOSK_TOKEN).digest('hex'), revoked_at: null },
    ]);
    expect(DEMO_KIOSK_TOKEN).toMatch(/^kiosk_[A-Za-z0-9_-]{43}$/);
  });

  it('lets none of the class members sign in', async () => {
    const members = await rows<{ password_hash: string }>(`select password_hash from users where email like '%@members.dojo.local'`);
    expect(members.length).toBe(38);
    for (const m of members) expect(m.password_hash).not.toMatch(/^\$argon2/);
  });

  it('adds nothing when seeded again', async () => {
    const tables = [
      'users',
      'membership_enrollments',
      'class_sessions',
      'session_bookings',
      'attendance_events',
      'checkin_credentials',
      'kiosk_devices',
    ];
    const counts = () => Promise.all(tables.map((t) => one<{ n: number }>(`select count(*) n from ${t}`).then((r) => r.n)));
    const before = await counts();
    const result = await seedLocal(server.url, { log: () => {}, jwtSecret: SECRET });
    expect(result.total).toBe(0);
    expect(await counts()).toEqual(before);
  });
});
