/** Fixtures for the notifications tests (not a test file itself). */
import { newId } from '#core/ids.ts';
import { notifications, type NewNotificationRow } from '#db/schema/index.ts';
import { api, testDb } from '#test/helpers.ts';

/** Inserts notifications for `userId` straight into the table, oldest first, one millisecond apart. */
export async function insertNotifications(userId: string, rows: Partial<NewNotificationRow>[]) {
  const start = Date.now() - rows.length - 1000;
  const values = rows.map((r, i) => ({
    id: newId(start + i),
    userId,
    title: `Notice ${i}`,
    body: `Body ${i}`,
    createdAt: new Date(start + i),
    ...r,
  }));
  if (values.length) await testDb().insert(notifications).values(values);
  return values;
}

export const insertOne = async (userId: string, row: Partial<NewNotificationRow> = {}) => (await insertNotifications(userId, [row]))[0]!;

export const my = (token: string, query = '') => api(`/api/notifications/my${query}`, { token });
export const unread = async (token: string) => (await api('/api/notifications/unread-count', { token })).body.count as number;
export const patch = (token: string, path: string) => api(`/api/notifications${path}`, { method: 'PATCH', token });
