import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FAMILY_MESSAGES } from '#core/family/family-options.ts';
import { emailOutbox, familyLinks, guardianInvites } from '#db/schema/index.ts';
import { send, watchStatements } from '#test/catalog-helpers.ts';
import { insertChild } from '#test/family-helpers.ts';
import { createUser, testDb } from '#test/helpers.ts';
import { sha256Hex } from '#worker/lib/digest.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';

/** A guardian with two children who invites `invitee`; answers the invitation and the token read from the e-mail. */
async function invited(inviteeRole: 'member' | 'student' = 'member', body: Record<string, unknown> = {}) {
  const parent = await createUser({ role: 'member' });
  const a = await insertChild(parent.id, { firstName: 'Aiko' });
  const b = await insertChild(parent.id, { firstName: 'Ren' });
  const invitee = await createUser({ role: inviteeRole });
  const res = await send('POST', '/api/family/invites', parent.token, { email: invitee.email, relationship: 'Father', ...body });
  expect(res.status).toBe(201);
  await settleDeferred();
  const [mail] = await testDb().select().from(emailOutbox).where(eq(emailOutbox.to, invitee.email));
  const token = /\/family\/accept\?token=([\w-]+)/.exec(mail!.text)![1]!;
  return { parent, a, b, invitee, invite: res.body.data, token };
}

const linked = (guardianId: string) => testDb().select().from(familyLinks).where(eq(familyLinks.guardianId, guardianId));

describe('inviting a second guardian', () => {
  it('e-mails a link whose token is stored only as its SHA-256, and the invitee who accepts guards the children', async () => {
    const { parent, a, b, invitee, invite, token } = await invited();
    expect(invite).toMatchObject({ email: invitee.email, relationship: 'Father', status: 'pending', acceptedAt: null });
    expect(invite.children.map((c: { name: string }) => c.name).sort()).toEqual(['Aiko Test', 'Ren Test']);
    const row = (await testDb().select().from(guardianInvites).where(eq(guardianInvites.id, invite._id)).get())!;
    expect(row.tokenHash).toBe(await sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const accepted = await send('POST', '/api/family/invites/accept', invitee.token, { token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.children.map((c: { _id: string }) => c._id).sort()).toEqual([a.id, b.id].sort());
    expect((await linked(invitee.id)).map((l) => l.relationship)).toEqual(['Father', 'Father']);

    // Accepting twice changes nothing.
    const again = await send('POST', '/api/family/invites/accept', invitee.token, { token });
    expect(again.status).toBe(200);
    expect(await linked(invitee.id)).toHaveLength(2);

    const family = await send('GET', '/api/family', parent.token);
    expect(family.body.data.guardians.map((g: { _id: string }) => g._id)).toEqual([invitee.id]);
    expect(family.body.data.guardians[0]).toMatchObject({ relation: 'guardian', dateOfBirth: null, medicalNotes: '' });
    expect(family.body.data.invites[0]).toMatchObject({ _id: invite._id, status: 'accepted' });
    const theirs = await send('GET', '/api/family', invitee.token);
    expect(theirs.body.data.children).toHaveLength(2);
    expect(theirs.body.data.guardians.map((g: { _id: string }) => g._id)).toEqual([parent.id]);
  });

  it('GET /api/family reads everything in one batch after the session check, invitations naming their children', async () => {
    const { parent, a, b } = await invited();
    const { result, roundTrips, statements } = await watchStatements(() => send('GET', '/api/family', parent.token));
    expect(result.status).toBe(200);
    expect(result.body.data.children.map((c: { _id: string }) => c._id).sort()).toEqual([a.id, b.id].sort());
    expect(result.body.data.invites[0].children.map((c: { name: string }) => c.name).sort()).toEqual(['Aiko Test', 'Ren Test']);
    expect(statements.some((s) => s.includes('json_each'))).toBe(true);
    expect(roundTrips).toBe(2);
  });

  it('refuses the wrong e-mail (403), a bad, revoked or expired token (404), and a staff account', async () => {
    const { invitee, invite, token, parent } = await invited();
    const someoneElse = await createUser({ role: 'member' });
    const wrong = await send('POST', '/api/family/invites/accept', someoneElse.token, { token });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(FAMILY_MESSAGES.inviteWrongEmail);
    const bad = await send('POST', '/api/family/invites/accept', invitee.token, { token: `${token}x` });
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBe(FAMILY_MESSAGES.inviteNotFound);

    expect((await send('DELETE', `/api/family/invites/${invite._id}`, someoneElse.token)).status).toBe(404);
    const revoked = await send('DELETE', `/api/family/invites/${invite._id}`, parent.token);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.status).toBe('revoked');
    expect((await send('POST', '/api/family/invites/accept', invitee.token, { token })).status).toBe(404);
    expect(await linked(invitee.id)).toHaveLength(0);

    const late = await invited();
    await testDb()
      .update(guardianInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(guardianInvites.id, late.invite._id));
    expect((await send('POST', '/api/family/invites/accept', late.invitee.token, { token: late.token })).status).toBe(404);
    expect(await linked(late.invitee.id)).toHaveLength(0);

    const staffInvitee = await createUser({ role: 'instructor' });
    const toStaff = await send('POST', '/api/family/invites', parent.token, { email: staffInvitee.email });
    await settleDeferred();
    const [mail] = await testDb().select().from(emailOutbox).where(eq(emailOutbox.to, staffInvitee.email));
    const staffToken = /token=([\w-]+)/.exec(mail!.text)![1]!;
    const refused = await send('POST', '/api/family/invites/accept', staffInvitee.token, { token: staffToken });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(FAMILY_MESSAGES.notGuardian);
    expect(toStaff.body.data.status).toBe('pending');
  });

  it('links only the children named, refuses a child not yours with 404, and lets two racing accepts link once', async () => {
    const { a, invitee, token } = await invited('student', {});
    const results = await Promise.all([1, 2, 3].map(() => send('POST', '/api/family/invites/accept', invitee.token, { token })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await linked(invitee.id)).toHaveLength(2);

    const parent = await createUser({ role: 'member' });
    const mine = await insertChild(parent.id);
    const res = await send('POST', '/api/family/invites', parent.token, { email: 'x@example.test', childIds: [mine.id, a.id] });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(FAMILY_MESSAGES.childNotFound);
    const one = await send('POST', '/api/family/invites', parent.token, { email: 'y@example.test', childIds: [mine.id] });
    expect(one.body.data.children.map((c: { _id: string }) => c._id)).toEqual([mine.id]);
    const bad = await send('POST', '/api/family/invites', parent.token, { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    const childless = await createUser({ role: 'member' });
    expect((await send('POST', '/api/family/invites', childless.token, { email: 'z@example.test' })).status).toBe(400);
    expect(
      await testDb().$count(guardianInvites, and(eq(guardianInvites.inviterId, parent.id), eq(guardianInvites.email, 'x@example.test'))),
    ).toBe(0);
  });
});
