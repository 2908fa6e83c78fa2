import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, PUSH_MESSAGES, type SubscribeInput } from '#core/push/push-schemas.ts';
import { pushSubscriptions as t, type PushSubscriptionRow } from '#db/schema/index.ts';
import { conflict, notFound, unavailable } from '#worker/lib/errors.ts';
import { vapidIdentity } from '#worker/lib/push.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

type Ctx = Pick<ServiceCtx, 'db' | 'config' | 'user'>;

export function serializeSubscription(row: PushSubscriptionRow) {
  return {
    _id: row.id,
    endpoint: row.endpoint,
    expirationTime: row.expirationTime?.getTime() ?? null,
    deviceInfo: { userAgent: row.userAgent, platform: row.platform, browser: row.browser, deviceName: row.deviceName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    failureCount: row.failureCount,
  };
}

/** GET /api/notifications/vapid-key: 503 when the deployment has no VAPID pair, so the browser says why. */
export function vapidKey(ctx: Pick<Ctx, 'config'>): string {
  const vapid = vapidIdentity(ctx.config);
  if (!vapid) throw unavailable(PUSH_MESSAGES.notConfigured);
  return vapid.publicKey;
}

/**
 * POST /api/notifications/push/subscribe. The endpoint identifies the browser, so subscribing again
 * (new keys) updates the caller's one row; a row another account holds is never handed over (409),
 * decided by the upsert's own WHERE. Past the per-user limit the least recently subscribed go, same batch.
 */
export async function subscribe(ctx: Ctx, { subscription, deviceInfo }: SubscribeInput) {
  vapidKey(ctx);
  const user = signedIn(ctx);
  const values = {
    userId: user.id,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    expirationTime: subscription.expirationTime == null ? null : new Date(subscription.expirationTime),
    ...deviceInfo,
  };
  const newest = ctx.db
    .select({ id: t.id })
    .from(t)
    .where(eq(t.userId, user.id))
    .orderBy(desc(t.updatedAt), desc(t.id))
    .limit(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
  const [[row]] = await ctx.db.batch([
    ctx.db
      .insert(t)
      .values({ id: newId(), endpoint: subscription.endpoint, ...values })
      .onConflictDoUpdate({ target: t.endpoint, set: { ...values, updatedAt: now, failureCount: 0 }, setWhere: eq(t.userId, user.id) })
      .returning(),
    ctx.db.delete(t).where(and(eq(t.userId, user.id), notInArray(t.id, newest))),
  ]);
  if (!row) throw conflict(PUSH_MESSAGES.otherAccount);
  return serializeSubscription(row);
}

/** DELETE /api/notifications/push/unsubscribe: only the caller's own subscription; anyone else's is "not found". */
export async function unsubscribe(ctx: Ctx, endpoint: string) {
  const user = signedIn(ctx);
  const gone = await ctx.db
    .delete(t)
    .where(and(eq(t.endpoint, endpoint), eq(t.userId, user.id)))
    .returning({ id: t.id });
  if (!gone.length) throw notFound(PUSH_MESSAGES.notFound);
  return { endpoint };
}

/** GET /api/notifications/push/my-subscriptions, most recently subscribed first. */
export async function mySubscriptions(ctx: Ctx) {
  const user = signedIn(ctx);
  const rows = await ctx.db.select().from(t).where(eq(t.userId, user.id)).orderBy(desc(t.updatedAt), desc(t.id));
  return rows.map(serializeSubscription);
}
