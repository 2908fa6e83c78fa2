import { meetings, type NewMeetingRow } from '#db/schema/index.ts';
import { demoAdminId } from './demo-users.ts';
import type { Seeder } from './types.ts';

const DAY = 86_400_000;

/** At 18:30 in Kolkata (13:00 UTC), `days` from the day of seeding: an evening class time for the school's default zone. */
const eveningIn = (days: number, now: number) => {
  const d = new Date(now + days * DAY);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 13, 0));
};

/** One upcoming meeting for everyone and one that is over, hosted by the demo admin. Links are placeholders: no Zoom locally. */
function demoMeetings(now: number, hostId: string | null): NewMeetingRow[] {
  return [
    {
      id: 'seed-meeting-0001',
      topic: 'Monthly dojo town hall',
      description: 'Grading dates, the summer camp and questions for Sensei. Everyone is welcome.',
      startTime: eveningIn(3, now),
      durationMinutes: 60,
      joinUrl: 'https://zoom.us/j/1000000001',
      password: 'osu2026',
      hostId,
      createdBy: hostId,
      targetRoles: ['all'],
      notificationSent: true,
      notificationCount: 6,
    },
    {
      id: 'seed-meeting-0002',
      topic: 'Kata theory: Heian Shodan to Godan',
      description: 'Recorded walk-through of the Heian series for students preparing for grading.',
      startTime: eveningIn(-7, now),
      durationMinutes: 90,
      joinUrl: 'https://zoom.us/j/1000000002',
      password: 'kata',
      hostId,
      createdBy: hostId,
      status: 'ended',
      targetRoles: ['all'],
    },
  ];
}

export const meetingsSeeder: Seeder = {
  name: 'meetings',
  async run({ db }) {
    const hostId = await demoAdminId(db);
    const rows = demoMeetings(Date.now(), hostId);
    const added = await db.insert(meetings).values(rows).onConflictDoNothing().returning({ id: meetings.id });
    return added.length;
  },
};
