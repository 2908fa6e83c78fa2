import { messageReads, messages, type NewMessageRow } from '#db/schema/index.ts';
import { demoUserIds } from './demo-users.ts';
import type { Seeder } from './types.ts';

const MINUTE = 60_000;

/**
 * A short talk between the demo student and the school (the admin's last answer and the broadcast still
 * unread, so the student's badge shows 2) and one broadcast to everyone. The broadcast is dated now: a broadcast
 * reaches only accounts that existed when it was sent, and the demo accounts were just made.
 */
function demoMessages(studentId: string, adminId: string, now: number): NewMessageRow[] {
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE);
  return [
    {
      id: 'seed-message-0001',
      senderId: studentId,
      conversationUserId: studentId,
      kind: 'direct',
      content: 'Osu! Is the Saturday kata class still on this week? I would like to practise Heian Nidan before my grading.',
      createdAt: at(180),
    },
    {
      id: 'seed-message-0002',
      senderId: adminId,
      recipientId: studentId,
      conversationUserId: studentId,
      kind: 'reply',
      parentId: 'seed-message-0001',
      content: 'Osu, Leo! Yes, 10:00 as usual. Sensei Ito will run a grading preparation block for white and yellow belts.',
      createdAt: at(170),
    },
    {
      id: 'seed-message-0003',
      senderId: studentId,
      conversationUserId: studentId,
      kind: 'direct',
      content: 'Thank you! Should I bring anything besides my gi?',
      createdAt: at(160),
    },
    {
      id: 'seed-message-0004',
      senderId: adminId,
      recipientId: studentId,
      conversationUserId: studentId,
      kind: 'reply',
      parentId: 'seed-message-0003',
      content: 'Just water and your belt. See you on the mat!',
      priority: 'normal',
      createdAt: at(150),
    },
    {
      id: 'seed-message-0005',
      senderId: adminId,
      kind: 'broadcast',
      targetRoles: ['all'],
      priority: 'high',
      content: 'The dojo will be closed on Monday for floor maintenance. All classes resume on Tuesday at the usual times.',
      createdAt: new Date(now),
    },
  ];
}

export const messagesSeeder: Seeder = {
  name: 'messages',
  async run({ db }) {
    const people = await demoUserIds(db, ['student@dojo.local', 'admin@dojo.local']);
    const studentId = people.get('student@dojo.local');
    const adminId = people.get('admin@dojo.local');
    if (!studentId || !adminId) return 0;
    const now = Date.now();
    const added = await db
      .insert(messages)
      .values(demoMessages(studentId, adminId, now))
      .onConflictDoNothing()
      .returning({ id: messages.id });
    // The school has read the student's messages and the student the first answer.
    await db
      .insert(messageReads)
      .values([
        { messageId: 'seed-message-0001', userId: adminId, readAt: new Date(now - 175 * MINUTE) },
        { messageId: 'seed-message-0003', userId: adminId, readAt: new Date(now - 155 * MINUTE) },
        { messageId: 'seed-message-0002', userId: studentId, readAt: new Date(now - 165 * MINUTE) },
      ])
      .onConflictDoNothing();
    return added.length;
  },
};
