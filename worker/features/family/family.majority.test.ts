import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FAMILY_MESSAGES } from '#core/family/family-options.ts';
import { localDate } from '#core/time-zone.ts';
import { emailOutbox, familyLinks, notifications, users } from '#db/schema/index.ts';
import { send } from '#test/catalog-helpers.ts';
import { childBirthDate, insertChild } from '#test/family-helpers.ts';
import { createUser, testDb, testServiceCtx, tokenFor } from '#test/helpers.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { SCHEDULED_JOBS } from '#worker/scheduled.ts';
import { tellOfAge } from './family.majority.ts';

/** A child who can sign in, born on `dateOfBirth`, with a token of their own. */
async function childWithLogin(guardianId: string, dateOfBirth: string) {
  const kid = await insertChild(guardianId, { dateOfBirth });
  await testDb().update(users).set({ canSignIn: true }).where(eq(users.id, kid.id));
  return { ...kid, token: await tokenFor({ id: kid.id, role: 'student', tokenVersion: 0 }) };
}

const noticesOf = (userId: string, childId: string, eventType: string) =>
  testDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.entityId, childId), eq(notifications.eventType, eventType)));
const mailsOf = (to: string, kind: string) =>
  testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));

/** The birth date of someone turning `years` on the school's calendar `days` from today. */
async function birthdayIn(days: number, years = 18) {
  const t = localDate(days, Date.now(), await schoolTimeZone(testDb()));
  return `${t.y - years}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
}

describe('taking over one’s own account', () => {
  it('is refused before coming of age (409), then removes every guardian link and tells the guardians', async () => {
    const mum = await createUser({ role: 'member' });
    const dad = await createUser({ role: 'student' });
    const young = await childWithLogin(mum.id, childBirthDate(17));
    const early = await send('POST', '/api/family/take-over', young.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(FAMILY_MESSAGES.notOfAge);

    const grown = await childWithLogin(mum.id, await birthdayIn(0));
    await testDb().insert(familyLinks).values({ guardianId: dad.id, childId: grown.id });
    const res = await send('POST', '/api/family/take-over', grown.token);
    expect(res.status).toBe(200);
    expect(res.body.data.guardiansRemoved).toBe(2);
    expect(await testDb().$count(familyLinks, eq(familyLinks.childId, grown.id))).toBe(0);
    expect(await testDb().$count(familyLinks, eq(familyLinks.childId, young.id))).toBe(1);
    await settleDeferred();
    for (const g of [mum, dad]) {
      expect(await noticesOf(g.id, grown.id, 'family_take_over')).toHaveLength(1);
      expect(await mailsOf(g.email, 'family_take_over')).toHaveLength(1);
    }
    const again = await send('POST', '/api/family/take-over', grown.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(FAMILY_MESSAGES.noGuardians);
    const adult = await createUser({ role: 'member' });
    expect((await send('POST', '/api/family/take-over', adult.token)).body.message).toBe(FAMILY_MESSAGES.noGuardians);
  });
});

describe('the coming-of-age job', () => {
  it('tells the guardians once on the day, however often and however concurrently it runs', async () => {
    expect(SCHEDULED_JOBS.map((j) => j.name)).toContain('tell guardians of children who came of age');
    const parent = await createUser({ role: 'member' });
    const today = await insertChild(parent.id, { dateOfBirth: await birthdayIn(0), firstName: 'Today' });
    const tomorrow = await insertChild(parent.id, { dateOfBirth: await birthdayIn(1), firstName: 'Tomorrow' });
    const ctx = testServiceCtx();
    await Promise.all([tellOfAge(ctx, new Date()), tellOfAge(ctx, new Date())]);
    await tellOfAge(ctx, new Date());
    await settleDeferred();
    expect(await noticesOf(parent.id, today.id, 'family_of_age')).toHaveLength(1);
    expect(await mailsOf(parent.email, 'family_of_age')).toHaveLength(1);
    expect(await noticesOf(parent.id, tomorrow.id, 'family_of_age')).toHaveLength(0);
    const links = await testDb().select().from(familyLinks).where(eq(familyLinks.guardianId, parent.id));
    expect(links.find((l) => l.childId === today.id)!.ofAgeNotifiedAt).not.toBeNull();
    expect(links.find((l) => l.childId === tomorrow.id)!.ofAgeNotifiedAt).toBeNull();

    // The next day's run tells about the one who came of age then, still once.
    await tellOfAge(ctx, new Date(Date.now() + 24 * 60 * 60 * 1000));
    await tellOfAge(ctx, new Date(Date.now() + 24 * 60 * 60 * 1000));
    await settleDeferred();
    expect(await noticesOf(parent.id, tomorrow.id, 'family_of_age')).toHaveLength(1);
    expect(await noticesOf(parent.id, today.id, 'family_of_age')).toHaveLength(1);
  });
});
