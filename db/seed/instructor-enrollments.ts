import { instructorEnrollments, type InstructorEnrollmentRow } from '#db/schema/index.ts';
import { demoUserIds } from './demo-users.ts';
import type { Seeder } from './types.ts';

type NewApplication = typeof instructorEnrollments.$inferInsert;
const DAY = 24 * 60 * 60 * 1000;

/**
 * One application in each state the admin screen shows, on the demo accounts without changing how any
 * of them logs in: the demo instructor's approved engagement (their INS-0001 role), the student's
 * pending application, and the member's suspended engagement (their role is member again, as a
 * suspension gives it back) after an earlier cancelled application.
 */
function demoApplications(ids: Record<string, string>, now: number): NewApplication[] {
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  const out: NewApplication[] = [];
  if (ids['instructor@dojo.local'])
    out.push({
      id: 'seed-instructor-enrollment-0001',
      userId: ids['instructor@dojo.local'],
      status: 'approved',
      instructorStatus: 'active',
      instructorType: 'instructor',
      instructorId: 'INS-0001',
      previousRole: 'student',
      grade: 'Black belt, 3rd dan',
      experienceYears: 12,
      specialties: ['Kata', 'Kumite', 'Kids classes'],
      bio: 'Maya has taught at the dojo for over a decade and leads the Saturday grading preparation.',
      availability: 'Weekday evenings and Saturday mornings',
      approvedAt: at(300),
      approvalNotes: 'Welcome to the teaching team',
      createdAt: at(310),
      updatedAt: at(300),
    });
  if (ids['student@dojo.local'])
    out.push({
      id: 'seed-instructor-enrollment-0002',
      userId: ids['student@dojo.local'],
      status: 'pending_approval',
      instructorStatus: 'pending',
      instructorType: 'assistant',
      previousRole: 'student',
      grade: 'White belt',
      experienceYears: 1,
      specialties: ['Warm-ups'],
      bio: 'I would like to help with the beginners class warm-ups on Saturdays.',
      availability: 'Saturday mornings',
      createdAt: at(2),
      updatedAt: at(2),
    });
  if (ids['member@dojo.local'])
    out.push(
      {
        id: 'seed-instructor-enrollment-0003',
        userId: ids['member@dojo.local'],
        status: 'cancelled',
        instructorStatus: 'inactive',
        instructorType: 'guest',
        previousRole: 'member',
        grade: 'Brown belt',
        experienceYears: 3,
        bio: 'Guest sessions on self-defence for the adult class.',
        cancelReason: 'Cancelled by user',
        cancelledAt: at(120),
        createdAt: at(125),
        updatedAt: at(120),
      },
      {
        id: 'seed-instructor-enrollment-0004',
        userId: ids['member@dojo.local'],
        status: 'approved',
        instructorStatus: 'suspended',
        instructorType: 'assistant',
        previousRole: 'member',
        grade: 'Brown belt',
        experienceYears: 4,
        specialties: ['Self-defence'],
        bio: 'Assists the adult self-defence class.',
        approvedAt: at(60),
        suspendReason: 'On leave for a term',
        suspendedAt: at(10),
        createdAt: at(70),
        updatedAt: at(10),
      },
    );
  return out;
}

/** Fixed ids and DO NOTHING on any conflict (including a live application made meanwhile): a second run adds nothing. */
export const instructorEnrollmentsSeeder: Seeder = {
  name: 'instructor-enrollments',
  async run({ db }) {
    const people = await demoUserIds(db, ['instructor@dojo.local', 'student@dojo.local', 'member@dojo.local']);
    const rows = demoApplications(Object.fromEntries(people), Date.now());
    if (!rows.length) return 0;
    const added: Pick<InstructorEnrollmentRow, 'id'>[] = await db
      .insert(instructorEnrollments)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: instructorEnrollments.id });
    return added.length;
  },
};
