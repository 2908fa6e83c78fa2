import { Hono } from 'hono';
import { ListNotificationsQuery, NOTIFICATION_MESSAGES, NotificationPreferencesSchema } from '#core/notifications/notification-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { getPreferences, savePreferences } from './notifications.preferences.ts';
import { listMyNotifications, myNotificationStats, unreadCount } from './notifications.read.ts';
import { deleteNotification, markAllRead, markClicked, markRead } from './notifications.write.ts';

/** Spec 7 Notifications (push calls come with the web-push slice). Fixed paths come before /:id. */
export const notificationsRoutes = new Hono<AppEnv>()
  .get('/my', validate('query', ListNotificationsQuery), async (c) => {
    const { notifications, pagination } = await listMyNotifications(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: notifications, pagination });
  })
  .get('/unread-count', async (c) => {
    const count = await unreadCount(c.var.ctx);
    return c.json({ success: true, count, data: { count } });
  })
  .get('/my-stats', async (c) => {
    const stats = await myNotificationStats(c.var.ctx);
    return c.json({ success: true, data: stats, stats });
  })
  .get('/preferences', async (c) => {
    const preferences = await getPreferences(c.var.ctx);
    return c.json({ success: true, data: preferences });
  })
  .put('/preferences', validate('json', NotificationPreferencesSchema), async (c) => {
    const preferences = await savePreferences(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data: preferences, message: NOTIFICATION_MESSAGES.preferencesSaved });
  })
  .patch('/mark-all-read', async (c) => {
    const { count } = await markAllRead(c.var.ctx);
    return c.json({ success: true, count, data: { count }, unreadCount: 0, message: NOTIFICATION_MESSAGES.allRead });
  })
  .patch('/:id/read', async (c) => {
    const { notification, changed, unreadCount } = await markRead(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: notification, changed, unreadCount, message: NOTIFICATION_MESSAGES.markedRead });
  })
  .patch('/:id/clicked', async (c) => {
    const { notification, changed, unreadCount } = await markClicked(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: notification, changed, unreadCount, message: NOTIFICATION_MESSAGES.markedClicked });
  })
  .delete('/:id', async (c) => {
    const data = await deleteNotification(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: NOTIFICATION_MESSAGES.deleted });
  });
