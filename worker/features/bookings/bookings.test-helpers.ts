import { eq } from 'drizzle-orm';
import { classSessions, emailOutbox, notifications, sessionBookings } from '#db/schema/index.ts';
import { api, createUser, testDb, type TestUser } from '#test/helpers.ts';
import { giveActiveMembership } from '#test/session-helpers.ts';

/** A student with an active membership: someone who may book. */
export async function learner(role: 'student' | 'member' = 'student'): Promise<TestUser> {
  const user = await createUser({ role });
  await giveActiveMembership(user.id);
  return user;
}

export const learners = (n: number) => Promise.all(Array.from({ length: n }, () => learner()));

export const book = (user: TestUser, sessionId: string, body?: unknown) =>
  api(`/api/sessions/${encodeURIComponent(sessionId)}/bookings`, { method: 'POST', token: user.token, body: body ?? {} });

export const cancelMine = (user: TestUser, sessionId: string) =>
  api(`/api/sessions/${encodeURIComponent(sessionId)}/bookings/me`, { method: 'DELETE', token: user.token });

export const cancelById = (user: TestUser, sessionId: string, bookingId: string) =>
  api(`/api/sessions/${encodeURIComponent(sessionId)}/bookings/${encodeURIComponent(bookingId)}`, { method: 'DELETE', token: user.token });

export const sessionRow = (id: string) => testDb().select().from(classSessions).where(eq(classSessions.id, id)).get();
export const bookingRows = (sessionId: string) => testDb().select().from(sessionBookings).where(eq(sessionBookings.sessionId, sessionId));
export const notificationsOf = (userId: string) => testDb().select().from(notifications).where(eq(notifications.userId, userId));
export const mailsOf = (userId: string) => testDb().select().from(emailOutbox).where(eq(emailOutbox.userId, userId));

/** Books `users` one after another (a known arrival order). */
export async function bookInTurn(users: readonly TestUser[], sessionId: string) {
  const out = [];
  for (const u of users) {
    const res = await book(u, sessionId);
    if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${JSON.stringify(res.body)}`);
    out.push(res.body.data.booking);
  }
  return out;
}
