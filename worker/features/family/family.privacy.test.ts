import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#db/schema/index.ts';
import { send } from '#test/catalog-helpers.ts';
import { childBirthDate, insertChild } from '#test/family-helpers.ts';
import { createUser, testDb, tokenFor } from '#test/helpers.ts';

const NOTES = 'Epilepsy: call the guardian first';

/** A child with a login, a date of birth and medical notes, and the message they sent the school. */
async function privateChild() {
  const parent = await createUser({ role: 'member' });
  const kid = await insertChild(parent.id, { dateOfBirth: childBirthDate(11) });
  await testDb().update(users).set({ canSignIn: true, medicalNotes: NOTES }).where(eq(users.id, kid.id));
  const token = await tokenFor({ id: kid.id, role: 'student', tokenVersion: 0 });
  const sent = await send('POST', '/api/messages/send', token, { content: 'Can I bring a friend?' });
  expect(sent.status).toBe(201);
  return { parent, kid, token, messageId: sent.body.data._id as string };
}

const leaks = (body: unknown) => {
  const text = JSON.stringify(body);
  return text.includes(childBirthDate(11)) || text.includes(NOTES);
};

describe('a child’s date of birth and medical notes', () => {
  it('never reach a student or member who is not their guardian, whichever call they try', async () => {
    const { kid, messageId } = await privateChild();
    for (const role of ['student', 'member'] as const) {
      const stranger = await createUser({ role });
      const tries = [
        send('GET', `/api/users/${kid.id}`, stranger.token),
        send('GET', `/api/users/${kid.id}/family`, stranger.token),
        send('GET', '/api/admin/families', stranger.token),
        send('PATCH', `/api/family/children/${kid.id}`, stranger.token, { grade: 'x' }),
        send('GET', `/api/messages/${messageId}`, stranger.token),
        send('GET', '/api/family', stranger.token),
      ];
      for (const res of await Promise.all(tries)) {
        expect(res.status, JSON.stringify(res.body).slice(0, 200)).not.toBe(500);
        expect(leaks(res.body), JSON.stringify(res.body).slice(0, 200)).toBe(false);
      }
    }
  });

  it('are seen by the child, their guardians and staff, while the school’s message views carry names only', async () => {
    const { parent, kid, token, messageId } = await privateChild();
    const mine = await send('GET', '/api/family', token);
    expect(mine.body.data.me).toMatchObject({ dateOfBirth: childBirthDate(11), medicalNotes: NOTES });
    expect(mine.body.data.guardians[0]).toMatchObject({ _id: parent.id });
    const guardian = await send('GET', '/api/family', parent.token);
    expect(guardian.body.data.children[0]).toMatchObject({ _id: kid.id, dateOfBirth: childBirthDate(11), medicalNotes: NOTES });
    const instructor = await createUser({ role: 'instructor' });
    const staff = await send('GET', `/api/users/${parent.id}/family`, instructor.token);
    expect(staff.body.data.children[0]).toMatchObject({ dateOfBirth: childBirthDate(11), medicalNotes: NOTES });

    const admin = await createUser({ role: 'admin' });
    const message = await send('GET', `/api/messages/${messageId}`, admin.token);
    expect(message.status).toBe(200);
    expect(leaks(message.body)).toBe(false);
    const peers = await send('GET', `/api/messages/users?search=${kid.studentId}`, admin.token);
    expect(peers.status).toBe(200);
    expect(leaks(peers.body)).toBe(false);
  });
});
