import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageReads, messages, users } from '#db/schema/index.ts';
import { testDb, uniq } from '#test/helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { broadcastMessage, replyToUser, sendMessage } from './messages.write.ts';
import { admin, ctxFor, eventsFor, reply, send, student, userOf, writeToSchool } from './messages.test-helpers.ts';

const rowOf = (id: string) => testDb().select().from(messages).where(eq(messages.id, id)).get();
describe('POST /api/messages/send', () => {
  it('stores a message to the school (no single recipient) and tells every admin and the sender', async () => {
    const [leo, a1, gm, other] = [await student(), await admin(), await userOf('grandmaster'), await student()];
    const res = await send('POST', '/api/messages/send', leo.token, { content: '  When is the next grading?  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Message sent successfully',
      data: {
        content: 'When is the next grading?',
        priority: 'normal',
        kind: 'direct',
        senderRole: 'student',
        senderId: { _id: leo.id, role: 'student', specialId: leo.row.studentId, profile: { firstName: 'Test' } },
        recipientId: null,
        conversationId: leo.id,
        isRead: false,
        readAt: null,
      },
    });
    const row = await rowOf(res.body.data._id);
    expect(row).toMatchObject({ senderId: leo.id, recipientId: null, conversationUserId: leo.id, kind: 'direct' });
    const { ctx, published } = ctxFor(leo);
    const sent = await sendMessage(ctx, { content: 'When is the next grading?', priority: 'normal' });
    const { pairs, events } = await eventsFor(published, [leo, a1, gm, other]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        [a1, 'new_message'],
        [gm, 'new_message'],
        [leo, 'message_sent'],
      ]),
    );
    expect(pairs.filter(([u]) => u === other)).toEqual([]);
    expect(pairs.filter(([u]) => u === leo)).toEqual([[leo, 'message_sent']]);
    expect(events.find((e) => e.userId === a1.id && e.event.type === 'new_message')!.event.data).toMatchObject({
      message: { _id: sent._id, content: 'When is the next grading?' },
      preview: 'When is the next grading?',
    });
  });

  it('previews 100 characters and keeps up to 5000; refuses blank, too long and unknown priorities with 400', async () => {
    const [leo, a1] = [await student(), await admin()];
    const long = 'x'.repeat(5000);
    const ok = await send('POST', '/api/messages/send', leo.token, { content: long, priority: 'urgent' });
    expect(ok.status).toBe(201);
    expect(ok.body.data.priority).toBe('urgent');
    const { ctx, published } = ctxFor(leo);
    await sendMessage(ctx, { content: long, priority: 'normal' });
    const { events } = await eventsFor(published, [a1]);
    expect((events.find((e) => e.event.type === 'new_message')!.event.data as { preview: string }).preview).toBe('x'.repeat(100));
    for (const [body, message] of [
      [{ content: '   ' }, 'Message content is required'],
      [{}, 'Message content is required'],
      [{ content: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
      [{ content: 'hi', priority: 'asap' }, 'Priority must be one of: low, normal, high, urgent'],
      [[], 'Please send the message as a JSON object'],
    ] as const) {
      const res = await send('POST', '/api/messages/send', leo.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    }
  });

  it('ignores fields a sender must not set (recipient, kind, sender)', async () => {
    const [leo, other] = [await student(), await student()];
    const res = await send('POST', '/api/messages/send', leo.token, {
      content: 'hi',
      recipientId: other.id,
      kind: 'broadcast',
      senderId: other.id,
    });
    expect(res.status).toBe(201);
    expect(await rowOf(res.body.data._id)).toMatchObject({
      senderId: leo.id,
      recipientId: null,
      kind: 'direct',
      conversationUserId: leo.id,
    });
  });
});

describe('POST /api/messages/admin/reply', () => {
  it('answers the user named by their identifier (any case) or id; the user gets new_reply, the admin reply_sent', async () => {
    const [leo, a1, a2] = [await student(), await admin(), await admin()];
    const mine = await writeToSchool(leo);
    const res = await send('POST', '/api/messages/admin/reply', a1.token, {
      content: 'Next Saturday',
      targetSpecialId: leo.row.studentId!.toLowerCase(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Reply sent successfully',
      data: { kind: 'reply', recipientId: leo.id, conversationId: leo.id, parentId: mine._id, priority: 'normal', senderRole: 'admin' },
    });
    const { ctx, published } = ctxFor(a1);
    const answer = await replyToUser(ctx, { content: 'And bring a towel', targetSpecialId: leo.row.studentId!, priority: 'high' });
    const { pairs, events } = await eventsFor(published, [leo, a1, a2]);
    // The reply's notification (its own tests: messages.notify.test.ts) is written, and announced, first.
    expect(pairs).toEqual([
      [leo, 'notification'],
      [leo, 'new_reply'],
      [a1, 'reply_sent'],
    ]);
    expect(events.find((e) => e.event.type === 'new_reply')!.event.data).toMatchObject({
      message: { _id: answer._id, priority: 'high' },
      preview: 'And bring a towel',
    });
    const byId = await reply(a2, leo.id);
    expect(byId.recipientId).toBe(leo.id);
  });

  it('answers 404 for nobody, 400 for a reply to oneself or without a target', async () => {
    const a1 = await admin();
    const none = await send('POST', '/api/messages/admin/reply', a1.token, { content: 'hi', targetSpecialId: `STU-${uniq()}` });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('User not found');
    const self = await send('POST', '/api/messages/admin/reply', a1.token, { content: 'hi', targetSpecialId: a1.row.adminId });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot reply to yourself');
    const missing = await send('POST', '/api/messages/admin/reply', a1.token, { content: 'hi' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Target user ID is required');
  });
});

describe('POST /api/messages/admin/broadcast', () => {
  it('defaults to all and high priority; one row whatever the audience', async () => {
    const a1 = await admin();
    const { ctx, published } = ctxFor(a1);
    const content = `Dojo closed Monday ${uniq()}`;
    const { recipientCount } = await broadcastMessage(ctx, {
      content,
      targetRoles: ['all'],
      priority: 'high',
    });
    await settleDeferred();
    expect((await testDb().select({ n: count() }).from(messages).where(eq(messages.content, content)).get())!.n).toBe(1);
    const fanned = published.filter((p) => p.event.type === 'new_broadcast').map((p) => p.userId);
    // the shared test database holds many users of every role: all of them but the sender are reached
    expect(recipientCount).toBeGreaterThan(1);
    expect(fanned).toHaveLength(recipientCount);
    expect(new Set(fanned).size).toBe(recipientCount);
    expect(fanned).not.toContain(a1.id);
    expect(published.filter((p) => p.event.type === 'broadcast_sent').map((p) => p.userId)).toEqual([a1.id]);
    const res = await send('POST', '/api/messages/admin/broadcast', a1.token, { content: 'Defaults', targetRoles: 'super-admin' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'broadcast', priority: 'high', targetRoles: ['super-admin'], recipientId: null });
    const dflt = await send('POST', '/api/messages/admin/broadcast', a1.token, { content: 'x', targetRoles: 'bogus' });
    expect(dflt.status).toBe(400);
    expect(dflt.body.message).toMatch(/^Target roles must be one of: all, student/);
  });

  it('to a role: persisted once, new_broadcast to each of the N users of that role, none to others, no read rows yet', async () => {
    const a1 = await admin();
    const members = await Promise.all(Array.from({ length: 12 }, () => userOf('member')));
    const outsider = await student();
    const { ctx, published } = ctxFor(a1);
    const content = `Members: new mats ${uniq()}`;
    const { message, recipientCount } = await broadcastMessage(ctx, {
      content,
      targetRoles: ['member'],
      priority: 'normal',
    });
    await settleDeferred();
    const rows = await testDb().select().from(messages).where(eq(messages.content, content));
    expect(rows.map((r) => r.id)).toEqual([message._id]);
    expect(rows[0]).toMatchObject({ kind: 'broadcast', recipientId: null, conversationUserId: null, targetRoles: ['member'] });
    const fanned = published.filter((p) => p.event.type === 'new_broadcast').map((p) => p.userId);
    expect(fanned).toHaveLength(recipientCount);
    expect(fanned).toEqual(expect.arrayContaining(members.map((m) => m.id)));
    expect(fanned).not.toContain(outsider.id);
    const roles = await testDb().select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, fanned));
    expect(roles.every((r) => r.role === 'member')).toBe(true);
    expect(roles).toHaveLength(recipientCount);
    expect(published.find((p) => p.userId === members[0]!.id)!.event.data).toMatchObject({
      message: { _id: message._id, isBroadcast: true, targetRoles: ['member'] },
      preview: content,
    });
    expect(await testDb().select().from(messageReads).where(eq(messageReads.messageId, message._id))).toEqual([]);
  });
});
