import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '#db/schema/index.ts';
import { createUser, testDb, uniq } from '#test/helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { broadcastMessage, replyToUser, sendMessage } from './messages.write.ts';
import { admin, ctxFor, eventsFor, send, student, writeToSchool } from './messages.test-helpers.ts';

const noticesOf = (userIds: string[], eventType: string) =>
  testDb()
    .select()
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.eventType, eventType)));
describe('messages notify the people they reach (bell, push)', () => {
  it('a message to the school notifies every admin but the writer, linking to that conversation', async () => {
    const [leo, a1] = [await student(), await admin()];
    const { ctx, published } = ctxFor(leo);
    const content = `Can I grade in March? ${'x'.repeat(150)} ${uniq()}`;
    const sent = await sendMessage(ctx, { content, priority: 'urgent' });
    await settleDeferred();
    const [mine] = await noticesOf([a1.id], 'new_message').then((rows) => rows.filter((r) => r.entityId === sent._id));
    expect(mine).toMatchObject({
      title: `New message from ${leo.row.profile?.firstName} ${leo.row.profile?.lastName}`,
      body: content.slice(0, 100),
      type: 'message',
      priority: 'high',
      entityType: 'message',
      data: { messageId: sent._id, url: `/admin/messages/${leo.id}` },
    });
    expect(await noticesOf([leo.id], 'new_message')).toEqual([]);
    const { pairs } = await eventsFor(published, [a1]);
    expect(pairs).toContainEqual([a1, 'notification']);
  });

  it("a reply notifies only its user, with their panel's messages link", async () => {
    const [leo, inst, a1] = [await student(), await createUser({ role: 'instructor' }), await admin()];
    const { ctx } = ctxFor(a1);
    await replyToUser(ctx, { content: 'Yes, in March.', targetSpecialId: leo.id, priority: 'normal' });
    await replyToUser(ctx, { content: 'See you Monday.', targetSpecialId: inst.id, priority: 'low' });
    await settleDeferred();
    expect(await noticesOf([leo.id], 'new_reply')).toMatchObject([
      { title: 'New reply from the school', body: 'Yes, in March.', data: { url: '/student/messages' } },
    ]);
    expect(await noticesOf([inst.id], 'new_reply')).toMatchObject([{ priority: 'low', data: { url: '/instructor/messages' } }]);
    expect(await noticesOf([a1.id], 'new_reply')).toEqual([]);
  });

  it('a broadcast notifies each recipient once, per their panel, and not the sender', async () => {
    const [a1, leo, inst] = [await admin(), await student(), await createUser({ role: 'instructor' })];
    const { ctx } = ctxFor(a1);
    const { message, recipientCount } = await broadcastMessage(ctx, {
      content: `Dojo closed on Friday ${uniq()}`,
      targetRoles: ['student', 'instructor'],
      priority: 'high',
    });
    await settleDeferred();
    const rows = (await noticesOf([a1.id, leo.id, inst.id], 'new_broadcast')).filter((r) => r.entityId === message._id);
    expect(rows.map((r) => [r.userId, (r.data as { url: string }).url]).sort()).toEqual(
      [
        [leo.id, '/student/messages'],
        [inst.id, '/instructor/messages'],
      ].sort(),
    );
    // Once per recipient at most (users of other test files may have muted messages), never the sender.
    const all = await testDb().select({ userId: notifications.userId }).from(notifications).where(eq(notifications.entityId, message._id));
    expect(new Set(all.map((r) => r.userId)).size).toBe(all.length);
    expect(all.length).toBeLessThanOrEqual(recipientCount);
    expect(all.some((r) => r.userId === a1.id)).toBe(false);
  });

  it('reading the messages clears their notifications for the reader only, and answers the unread count left', async () => {
    const [leo, a1, a2] = [await student(), await admin(), await admin()];
    const mine = await writeToSchool(leo, `Is the dojo open on Sunday? ${uniq()}`);
    await settleDeferred();
    const unreadOf = async (id: string) => (await noticesOf([id], 'new_message')).filter((r) => r.entityId === mine._id && !r.read).length;
    expect(await unreadOf(a1.id)).toBe(1);
    expect(await unreadOf(a2.id)).toBe(1);
    const res = await send('PATCH', '/api/messages/mark-read', a1.token, { messageIds: [mine._id] });
    expect(res.status).toBe(200);
    expect(await unreadOf(a1.id)).toBe(0);
    expect(await unreadOf(a2.id)).toBe(1);
    const left = await send('GET', '/api/notifications/unread-count', a1.token);
    expect(res.body.data.notificationsUnread).toBe(left.body.count);
    // The shared inbox: a2 reads after a1 (the message is already read), and still gets a quiet bell.
    const again = await send('PATCH', '/api/messages/mark-read', a2.token, { messageIds: [mine._id] });
    expect(again.body.data.count).toBe(0);
    expect(await unreadOf(a2.id)).toBe(0);
  });
});
