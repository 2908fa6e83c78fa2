import { createClient } from '@libsql/client';

const DAY = 86_400_000;
export const EVENTS_PER_BATCH = 50;

/**
 * The issue 24 targets on the demo seed: the public session list for the coming week, and a staff
 * batch of 50 attendance events for a session that started within the last week (the seed's class
 * members), each request with fresh UUIDs so that every event is a new ledger row, not a duplicate.
 */
export async function classTargets(url: string, dbUrl: string) {
  const client = createClient({ url: dbUrl, intMode: 'number' });
  try {
    const now = Date.now();
    const session = (
      await client.execute({
        sql: `select id from class_sessions where status = 'scheduled' and starts_at between ? and ? order by starts_at desc limit 1`,
        args: [now - 7 * DAY, now],
      })
    ).rows[0]?.id as string | undefined;
    const people = (await client.execute(`select id from users where email like '%@members.dojo.local' order by email`)).rows.map(
      (r) => r.id as string,
    );
    if (!session || !people.length)
      throw new Error('the demo seed has no past session or class members: is db/seed/class-sessions.ts in SEEDERS?');
    const from = new Date(now).toISOString();
    const to = new Date(now + 7 * DAY).toISOString();
    return {
      sessionsWeek: `${url}/api/sessions?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      eventsUrl: `${url}/api/attendance/events`,
      eventBatch: () =>
        JSON.stringify({
          events: Array.from({ length: EVENTS_PER_BATCH }, (_, i) => ({
            id: crypto.randomUUID(),
            sessionId: session,
            userId: people[i % people.length],
            kind: 'present',
            method: 'admin',
            recordedAt: new Date().toISOString(),
          })),
        }),
    };
  } finally {
    client.close();
  }
}
