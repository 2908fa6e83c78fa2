import { enquiries, type NewEnquiryRow } from '#db/schema/index.ts';
import type { Seeder } from './types.ts';

const DAY = 86_400_000;

/** Three contact-form enquiries, one per state of the workflow, dated relative to the first seeding. */
export function demoEnquiries(now: number): NewEnquiryRow[] {
  return [
    {
      id: 'seed-enquiry-0001',
      name: 'Priya Sharma',
      email: 'priya.sharma@dojo.local',
      phone: '+1 604 555 0187',
      subject: 'Beginner classes for my 8-year-old',
      message:
        'Hello! My son is 8 and has never done martial arts. Is there a beginners class on weekday evenings, and can he try one class before we sign up?',
      status: 'New',
      createdAt: new Date(now - 2 * 3_600_000),
      updatedAt: new Date(now - 2 * 3_600_000),
    },
    {
      id: 'seed-enquiry-0002',
      name: 'Daniel Okafor',
      email: 'd.okafor@dojo.local',
      phone: '+1 778 555 0123',
      subject: 'Adult membership and grading',
      message:
        'I trained in Shotokan up to green belt years ago. Would my grade carry over, and what does the monthly adult membership include?',
      status: 'Contacted',
      adminNotes: 'Called on Tuesday; invited him to the Thursday adult class to assess his level.',
      contactedAt: new Date(now - 1 * DAY),
      createdAt: new Date(now - 3 * DAY),
      updatedAt: new Date(now - 1 * DAY),
    },
    {
      id: 'seed-enquiry-0003',
      name: 'Mei Lin',
      email: 'mei.lin@dojo.local',
      phone: '+1 604 555 0166',
      subject: 'Private lessons before a tournament',
      message: 'My daughter has a kata competition in six weeks. Do your instructors offer private lessons, and how much do they cost?',
      status: 'Resolved',
      adminNotes: 'Booked four private sessions with Sensei Ito. Paid in person.',
      contactedAt: new Date(now - 9 * DAY),
      resolvedAt: new Date(now - 6 * DAY),
      createdAt: new Date(now - 10 * DAY),
      updatedAt: new Date(now - 6 * DAY),
    },
  ];
}

export const enquiriesSeeder: Seeder = {
  name: 'enquiries',
  async run({ db }) {
    const added = await db.insert(enquiries).values(demoEnquiries(Date.now())).onConflictDoNothing().returning({ id: enquiries.id });
    return added.length;
  },
};
