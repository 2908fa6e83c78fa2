import { notifications, type NewNotificationRow } from '#db/schema/index.ts';
import { demoUserIds } from './demo-users.ts';
import type { Seeder } from './types.ts';

const HOUR = 3_600_000;

type Demo = Omit<NewNotificationRow, 'userId' | 'createdAt'> & { ago: number };

/** A few of each kind for the demo student's and admin's bells: some read, one clicked, one high priority. */
const DEMO: Record<'student@dojo.local' | 'admin@dojo.local', Demo[]> = {
  'student@dojo.local': [
    {
      id: 'seed-notification-s001',
      title: 'Welcome to the dojo',
      body: 'Your account is ready. Browse the courses and book your first class.',
      type: 'success',
      eventType: 'welcome',
      ago: 72,
      read: true,
    },
    {
      id: 'seed-notification-s002',
      title: 'Grading on Saturday',
      body: 'White to yellow belt grading starts at 10:00. Bring your gi and your syllabus book.',
      type: 'info',
      eventType: 'grading',
      priority: 'high',
      entityType: 'event',
      ago: 5,
    },
    {
      id: 'seed-notification-s003',
      title: 'New message from the school',
      body: 'Sensei Ito replied to your question about sparring gear.',
      type: 'message',
      eventType: 'new_reply',
      ago: 1,
      actions: [{ action: 'open', title: 'Open messages', url: '/student/messages' }],
    },
    {
      id: 'seed-notification-s004',
      title: 'Class moved',
      body: 'Thursday kids class moves to the small hall this week.',
      type: 'system',
      priority: 'low',
      ago: 30,
      read: true,
      clicked: true,
    },
  ],
  'admin@dojo.local': [
    {
      id: 'seed-notification-a001',
      title: 'New enquiry',
      body: 'Priya Sharma: Beginner classes for my 8-year-old',
      type: 'info',
      eventType: 'enquiry_created',
      entityType: 'enquiry',
      entityId: 'seed-enquiry-0001',
      data: { enquiryId: 'seed-enquiry-0001' },
      actions: [{ action: 'view', title: 'View enquiry', url: '/admin/enquiries' }],
      ago: 2,
    },
    {
      id: 'seed-notification-a002',
      title: 'Payment failed',
      body: 'A card payment for a membership was declined. The member was asked to try again.',
      type: 'error',
      eventType: 'payment_failed',
      priority: 'high',
      ago: 20,
    },
    {
      id: 'seed-notification-a003',
      title: 'Backup finished',
      body: 'The nightly database backup completed.',
      type: 'system',
      priority: 'low',
      ago: 26,
      read: true,
    },
  ],
};

export const notificationsSeeder: Seeder = {
  name: 'notifications',
  async run({ db }) {
    const accounts = [...(await demoUserIds(db, Object.keys(DEMO)))].map(([email, id]) => ({ id, email }));
    const now = Date.now();
    const rows: NewNotificationRow[] = accounts.flatMap(({ id, email }) =>
      DEMO[email as keyof typeof DEMO].map(({ ago, ...n }) => {
        const createdAt = new Date(now - ago * HOUR);
        // a demo notification is read (and clicked) shortly after it arrived
        const later = new Date(createdAt.getTime() + 10 * 60_000);
        return { ...n, userId: id, createdAt, readAt: n.read ? later : null, clickedAt: n.clicked ? later : null };
      }),
    );
    if (!rows.length) return 0;
    const added = await db.insert(notifications).values(rows).onConflictDoNothing().returning({ id: notifications.id });
    return added.length;
  },
};
