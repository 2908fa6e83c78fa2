import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { messages } from '#db/schema/index.ts';
import { testDb } from '#test/helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { broadcastMessage } from './messages.write.ts';
import { admin, ctxFor, eventsFor, reply, send, student, unread, userOf, writeToSchool } from './messages.test-helpers.ts';
import { markRead as markReadVerb } from './messages.mark.ts';

const markRead = (token: string, messageIds: unknown) => send('PATCH', '/api/messages/mark-read', token, { messageIds });
describe('unread counts and mark-read', () => {
  it('counts replies for the user, and drops to 0 — never below — when they mark them read', async () => {
    const [leo, a1] = [await student(), await admin()];
    await writeToSchool(leo);
    const r1 = await reply(a1, leo.row.studentId!);
    const r2 = await reply(a1, leo.row.studentId!);
    expect(await unread(leo)).toBe(2);
    const res = await markRead(leo.token, [r1._id, r2._id, r1._id]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, count: 2, message: '2 messages marked as read' });
    expect(await unread(leo)).toBe(0);
    const again = await markRead(leo.token, [r1._id, r2._id]);
    expect(again.body.count).toBe(0);
    expect(await unread(leo)).toBe(0);
    const seen = await send('GET', `/api/messages/${r1._id}`, leo.token);
    expect(seen.body.data).toMatchObject({ isRead: true, readAt: expect.any(String) });
  });

  it('publishes messages_marked_read to the reader and messages_read_by_user to the other side', async () => {
    const [leo, a1, a2] = [await student(), await admin(), await admin()];
    const mine = await writeToSchool(leo);
    const r = await reply(a1, leo.row.studentId!);
    const asLeo = ctxFor(leo);
    await markReadVerb(asLeo.ctx, [r._id]);
    const leoRead = await eventsFor(asLeo.published, [leo, a1, a2]);
    expect(leoRead.pairs).toEqual(
      expect.arrayContaining([
        [leo, 'messages_marked_read'],
        [a1, 'messages_read_by_user'],
        [a2, 'messages_read_by_user'],
      ]),
    );
    expect(leoRead.events.find((e) => e.userId === a1.id && e.event.type === 'messages_read_by_user')!.event.data).toMatchObject({
      messageIds: [r._id],
      readBy: { _id: leo.id, role: 'student' },
    });
    const asA2 = ctxFor(a2);
    expect((await markReadVerb(asA2.ctx, [mine._id])).count).toBe(1);
    const schoolRead = await eventsFor(asA2.published, [leo, a1, a2]);
    expect(schoolRead.pairs).toEqual(
      expect.arrayContaining([
        [a2, 'messages_marked_read'],
        [leo, 'messages_read_by_user'],
        [a1, 'messages_read_status_update'],
      ]),
    );
    expect(schoolRead.pairs.filter(([u]) => u === leo)).toEqual([[leo, 'messages_read_by_user']]);
  });

  it('marks read only what is addressed to the caller: not their own messages, not someone else’s', async () => {
    const [leo, mia, a1] = [await student(), await student(), await admin()];
    const mine = await writeToSchool(leo);
    const toMia = await reply(a1, mia.row.studentId!);
    expect((await markRead(leo.token, [mine._id, toMia._id, 'unknown'])).body.count).toBe(0);
    expect(await unread(mia)).toBe(1);
    // a user's message is unread for the school until one admin reads it, then for every admin
    // (the school's unread total moves with other tests' messages, so this looks at the message itself)
    const a2 = await admin();
    expect((await send('GET', `/api/messages/${mine._id}`, a2.token)).body.data.isRead).toBe(false);
    expect((await send('PATCH', '/api/messages/bulk-read', a1.token, { messageIds: [mine._id] })).body.count).toBe(1);
    expect((await send('GET', `/api/messages/${mine._id}`, a2.token)).body.data).toMatchObject({
      isRead: true,
      readAt: expect.any(String),
    });
    expect((await send('GET', `/api/messages/${mine._id}`, leo.token)).body.data.isRead).toBe(true);
    expect((await markRead(a2.token, [mine._id])).body.count).toBe(0);
  });

  it('counts a broadcast per recipient, only for those it reached and who had joined', async () => {
    const a1 = await admin();
    const [ins, member] = [await userOf('instructor'), await userOf('member')];
    const { ctx } = ctxFor(a1);
    const { message } = await broadcastMessage(ctx, { content: 'Instructors meeting', targetRoles: ['instructor'], priority: 'high' });
    await settleDeferred();
    const late = await userOf('instructor');
    expect(await unread(ins)).toBe(1);
    expect(await unread(member)).toBe(0);
    expect(await unread(late)).toBe(0);
    expect((await send('GET', `/api/messages/${message._id}`, member.token)).status).toBe(404);
    expect((await send('GET', `/api/messages/${message._id}`, late.token)).status).toBe(404);
    expect((await markRead(late.token, [message._id])).body.count).toBe(0);
    expect((await markRead(ins.token, [message._id])).body.count).toBe(1);
    expect(await unread(ins)).toBe(0);
  });
});

describe('GET /api/messages/conversation', () => {
  it('gives page 1 = the latest 50, oldest first, with hasMore; page 2 the older rest', async () => {
    const [leo, a1] = [await student(), await admin()];
    const base = Date.now() - 10_000_000;
    const rows = Array.from({ length: 60 }, (_, i) => ({
      id: newId(base + i * 1000),
      senderId: i % 2 ? a1.id : leo.id,
      recipientId: i % 2 ? leo.id : null,
      conversationUserId: leo.id,
      kind: i % 2 ? ('reply' as const) : ('direct' as const),
      content: `m${i}`,
      createdAt: new Date(base + i * 1000),
    }));
    await testDb().insert(messages).values(rows);
    const p1 = await send('GET', '/api/messages/conversation', leo.token);
    expect(p1.status).toBe(200);
    expect(p1.body.data.map((m: { content: string }) => m.content)).toEqual(rows.slice(10).map((r) => r.content));
    expect(p1.body.pagination).toEqual({ page: 1, limit: 50, total: 60, totalPages: 2, hasMore: true });
    expect(p1.body.conversationId).toBe(leo.id);
    const p2 = await send('GET', '/api/messages/conversation?page=2', leo.token);
    expect(p2.body.data.map((m: { content: string }) => m.content)).toEqual(rows.slice(0, 10).map((r) => r.content));
    expect(p2.body.pagination.hasMore).toBe(false);
    const bySchool = await send('GET', `/api/messages/conversation?targetSpecialId=${leo.row.studentId}&limit=5`, a1.token);
    expect(bySchool.body.data.map((m: { content: string }) => m.content)).toEqual(['m55', 'm56', 'm57', 'm58', 'm59']);
    expect(bySchool.body.pagination.total).toBe(60);
  });

  it('shows a user their talk with the school and their broadcasts, never another user’s', async () => {
    const [leo, mia, a1] = [await student(), await student(), await admin()];
    const mine = await writeToSchool(leo);
    const theirs = await writeToSchool(mia);
    const toMia = await reply(a1, mia.row.studentId!);
    const { ctx } = ctxFor(a1);
    const { message: b } = await broadcastMessage(ctx, { content: 'All students', targetRoles: ['student'], priority: 'high' });
    await settleDeferred();
    const conv = await send('GET', '/api/messages/conversation', leo.token);
    const ids = conv.body.data.map((m: { _id: string }) => m._id);
    expect(ids).toEqual([mine._id, b._id]);
    const mineOnly = await send('GET', '/api/messages/my-messages', leo.token);
    expect(mineOnly.body.data.map((m: { _id: string }) => m._id)).toEqual([b._id, mine._id]);
    for (const id of [theirs._id, toMia._id]) {
      const res = await send('GET', `/api/messages/${id}`, leo.token);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: 'Message not found' });
    }
    const peek = await send('GET', `/api/messages/conversation?targetSpecialId=${mia.row.studentId}`, leo.token);
    expect(peek.status).toBe(403);
    const own = await send('GET', `/api/messages/conversation?targetSpecialId=${leo.row.studentId}`, leo.token);
    expect(own.status).toBe(200);
    expect((await send('GET', `/api/messages/${theirs._id}`, a1.token)).status).toBe(200);
    const missing = await send('GET', '/api/messages/conversation?targetSpecialId=NOBODY-1', a1.token);
    expect(missing.status).toBe(404);
  });
});

describe('the school’s views', () => {
  it('lists users with their identifier and unread count; filters by role; refuses an unknown role', async () => {
    const [leo, a1] = [await student(), await admin()];
    const member = await userOf('member');
    await writeToSchool(leo);
    const latest = await writeToSchool(leo, `Last words ${'y'.repeat(120)}`);
    await writeToSchool(member);
    const res = await send('GET', '/api/messages/users?role=student&limit=200', a1.token);
    expect(res.status).toBe(200);
    const row = res.body.data.find((u: { _id: string }) => u._id === leo.id);
    expect(row).toMatchObject({
      specialId: leo.row.studentId,
      studentId: leo.row.studentId,
      unreadCount: 2,
      role: 'student',
      lastMessageAt: expect.any(String),
      // The inbox list previews the latest message like a socket event: 100 characters.
      lastMessage: { _id: latest._id, content: latest.content.slice(0, 100), kind: 'direct', senderId: leo.id },
    });
    expect(res.body.data.every((u: { role: string }) => u.role === 'student')).toBe(true);
    const members = await send('GET', `/api/messages/users?role=member&search=${member.email}`, a1.token);
    expect(members.body.data).toEqual([
      expect.objectContaining({ _id: member.id, specialId: member.id, primaryId: member.id, unreadCount: 1 }),
    ]);
    const bad = await send('GET', '/api/messages/users?role=janitor', a1.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Invalid role\. Must be one of: student/);
  });

  it('lists, counts and bulk-deletes messages', async () => {
    const [leo, a1] = [await student(), await admin()];
    const m1 = await writeToSchool(leo, 'first words', { priority: 'low' });
    const m2 = await writeToSchool(leo, 'second words');
    const list = await send('GET', '/api/messages?kind=direct&priority=low&search=first%20words', a1.token);
    expect(list.body.data.map((m: { _id: string }) => m._id)).toContain(m1._id);
    expect(list.body.data.every((m: { priority: string; kind: string }) => m.priority === 'low' && m.kind === 'direct')).toBe(true);
    const stats = await send('GET', '/api/messages/stats', a1.token);
    expect(stats.body.stats).toMatchObject({
      total: expect.any(Number),
      unread: expect.any(Number),
      byPriority: { low: expect.any(Number) },
    });
    expect(stats.body.stats.total).toBeGreaterThanOrEqual(stats.body.stats.direct + stats.body.stats.replies);
    await send('PATCH', '/api/messages/bulk-read', a1.token, { messageIds: [m1._id] });
    const del = await send('DELETE', '/api/messages/bulk', a1.token, { messageIds: [m1._id, m2._id, 'nope'] });
    expect(del.body).toMatchObject({ success: true, count: 2, message: '2 messages deleted successfully' });
    expect(await testDb().select().from(messages).where(eq(messages.conversationUserId, leo.id))).toEqual([]);
    const empty = await send('DELETE', '/api/messages/bulk', a1.token, { messageIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Message IDs array is required');
  });
});
