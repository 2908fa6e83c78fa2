import { eq } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '#core/notifications/notification-options.ts';
import type { NotificationPreferencesInput } from '#core/notifications/notification-schemas.ts';
import { notificationPreferences, type NotificationPreferencesRow } from '#db/schema/index.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';

const view = (row: NotificationPreferencesRow | undefined): NotificationPreferences =>
  row ? { inApp: row.inApp, push: row.push, email: row.email, mutedTypes: row.mutedTypes } : { ...DEFAULT_NOTIFICATION_PREFERENCES };

export async function getPreferences(ctx: ServiceCtx): Promise<NotificationPreferences> {
  const me = signedIn(ctx);
  return view(await ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, me.id)).get());
}

/** One upsert: what the caller left out keeps its stored value (or the default on the first save). */
export async function savePreferences(ctx: ServiceCtx, input: NotificationPreferencesInput): Promise<NotificationPreferences> {
  const me = signedIn(ctx);
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<NotificationPreferences>;
  const row = await ctx.db
    .insert(notificationPreferences)
    .values({ ...DEFAULT_NOTIFICATION_PREFERENCES, ...given, userId: me.id })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...given, updatedAt: new Date() } })
    .returning()
    .get();
  return view(row);
}
