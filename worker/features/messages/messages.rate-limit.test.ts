import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGE_MESSAGES } from '#core/messages/message-schemas.ts';
import { messages, notifications } from '#db/schema/index.ts';
import { testDb } from '#test/helpers.ts';
import { admin, send, student } from './messages.test-helpers.ts';

const sentBy = async (userId: string) =>
  (await testDb().select({ n: count() }).from(messages).where(eq(messages.senderId, userId)).get())?.n;

describe('message bursts (RATE_LIMIT_MESSAGE_USER = 20/60 by default)', () => {
  it('refuses the 21st message of a minute to the school with 429 and Retry-After; nothing of it is stored or notified', async () => {
    const [leo, a1] = [await student(), await admin()];
    const answers = [];
    // In parallel, as the probe sent them: the counter is one conditional upsert, so none slips past.
    for (const res of await Promise.all(
      Array.from({ length: 30 }, (_, i) => send('POST', '/api/messages/send', leo.token, { content: `burst ${i}` })),
    ))
      answers.push(res);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body).toMatchObject({ success: false, code: 'RATE_LIMITED', message: MESSAGE_MESSAGES.tooMany });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    expect(await sentBy(leo.id)).toBe(20);
    const toAdmin = await testDb()
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, a1.id), inArray(notifications.type, ['message'])))
      .get();
    expect(toAdmin?.n).toBeLessThanOrEqual(20);
  });

  it('counts replies and broadcasts of the school on the same per-sender counter, and each sender on its own', async () => {
    const [a1, leo, mia] = [await admin(), await student(), await student()];
    for (let i = 0; i < 10; i++)
      expect((await send('POST', '/api/messages/admin/reply', a1.token, { content: `r${i}`, targetSpecialId: leo.id })).status).toBe(201);
    for (let i = 0; i < 10; i++)
      expect(
        (await send('POST', '/api/messages/admin/broadcast', a1.token, { content: `b${i}`, targetRoles: ['instructor'] })).status,
      ).toBe(201);
    expect((await send('POST', '/api/messages/admin/reply', a1.token, { content: 'one more', targetSpecialId: leo.id })).status).toBe(429);
    expect((await send('POST', '/api/messages/send', mia.token, { content: 'unaffected' })).status).toBe(201);
  });
});
