import { and, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { pushSubscriptions, type PushSubscriptionRow } from '#db/schema/index.ts';
import type { AppConfig } from '#worker/config.ts';
import { batch } from '#worker/lib/sql.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { isPushServiceUrl } from '#core/push/push-services.ts';
import { buildPushRequest, MAX_PAYLOAD_BYTES, type Urgency, type VapidIdentity } from './web-push.ts';

/** What a browser shows (spec 3 Notification's title, body, data …); `data.url` is where a click leads. */
export type PushPayload = {
  title: string;
  body?: string;
  data?: Record<string, unknown>;
  icon?: string;
  badge?: string;
  tag?: string;
  actions?: { action: string; title: string }[];
  /** Spec 9 priorities; becomes the Urgency header so a phone may hold low ones until it wakes. */
  priority?: 'low' | 'normal' | 'high';
  /** Seconds the push service keeps the message for an offline browser (default one day). */
  ttl?: number;
  /** A later message with the same topic replaces an undelivered earlier one. */
  topic?: string;
};

export type PushCtx = Pick<ServiceCtx, 'db' | 'config' | 'log'>;

/** The one way other features (notify()) send pushes; `send` never throws. */
export interface PushSender {
  send(ctx: PushCtx, userIds: readonly string[], payload: PushPayload): Promise<void>;
}

export type PushReport = { attempted: number; delivered: number; removed: number; failed: number };

const URGENCY: Record<NonNullable<PushPayload['priority']>, Urgency> = { low: 'low', normal: 'normal', high: 'high' };
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
/** Deliveries in flight at once: a broadcast must not open hundreds of subrequests together. */
const CONCURRENCY = 6;

type Outcome = 'delivered' | 'gone' | 'failed';

export function vapidIdentity(config: AppConfig): VapidIdentity | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = config;
  return publicKey && privateKey ? { publicKey, privateKey, subject } : null;
}

async function deliver(row: PushSubscriptionRow, message: string, vapid: VapidIdentity, payload: PushPayload, fetcher: typeof fetch) {
  const { url, init } = await buildPushRequest(row, message, vapid, {
    ttl: payload.ttl ?? DEFAULT_TTL_SECONDS,
    urgency: URGENCY[payload.priority ?? 'normal'],
    topic: payload.topic,
  });
  const res = await fetcher(url, init);
  await res.body?.cancel();
  if (res.ok) return 'delivered';
  // RFC 8030 §7.3: 404 and 410 mean the subscription is gone for good.
  if (res.status === 404 || res.status === 410) return 'gone';
  throw new Error(`push service answered ${res.status}`);
}

/**
 * Sends one notification to every browser the users subscribed. Subscriptions the push service
 * calls gone (404/410) or that have expired are removed; other failures are counted on the row
 * (and the row dropped after MAX_CONSECUTIVE_FAILURES in a row).
 * Never throws: a failed push must not fail the work that caused it.
 */
export async function sendPush(
  ctx: PushCtx,
  userIds: readonly string[],
  payload: PushPayload,
  { fetcher = fetch }: { fetcher?: typeof fetch } = {},
): Promise<PushReport> {
  const report: PushReport = { attempted: 0, delivered: 0, removed: 0, failed: 0 };
  const vapid = vapidIdentity(ctx.config);
  if (!vapid || userIds.length === 0) return report;
  try {
    const rows = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, [...new Set(userIds)]));
    const { priority: _p, ttl: _t, topic: _topic, ...shown } = payload;
    const message = JSON.stringify(shown);
    // Too big for one record is the sender's fault, not the browsers': refuse once, count nothing against them.
    if (new TextEncoder().encode(message).length > MAX_PAYLOAD_BYTES) {
      ctx.log.warn('push payload too large', { bytes: message.length, max: MAX_PAYLOAD_BYTES });
      return report;
    }
    const now = Date.now();
    const outcomes = new Map<string, Outcome>();
    const live = rows.filter((r) => {
      // A row stored before the push-service list (or written around it) is dropped, never reached.
      if ((r.expirationTime && r.expirationTime.getTime() <= now) || !isPushServiceUrl(r.endpoint)) outcomes.set(r.id, 'gone');
      return !outcomes.has(r.id);
    });
    for (let i = 0; i < live.length; i += CONCURRENCY) {
      await Promise.all(
        live.slice(i, i + CONCURRENCY).map(async (row) => {
          try {
            outcomes.set(row.id, await deliver(row, message, vapid, payload, fetcher));
          } catch (err) {
            outcomes.set(row.id, 'failed');
            ctx.log.warn('push delivery failed', { subscriptionId: row.id, error: String((err as Error)?.message ?? err) });
          }
        }),
      );
    }
    const idsWith = (o: Outcome) => [...outcomes].filter(([, v]) => v === o).map(([id]) => id);
    report.attempted = live.length;
    report.delivered = idsWith('delivered').length;
    report.removed = idsWith('gone').length;
    report.failed = idsWith('failed').length;
    await recordOutcomes(ctx.db, idsWith('delivered'), idsWith('gone'), idsWith('failed'), new Date(now));
  } catch (err) {
    ctx.log.warn('push failed', { error: String((err as Error)?.message ?? err) });
  }
  return report;
}

/**
 * Failures in a row after which a subscription is dropped: a push service that keeps refusing
 * (keys rotated, a 400 or 403 every time) would otherwise cost a request on every notification forever.
 */
export const MAX_CONSECUTIVE_FAILURES = 10;

/** Every outcome in one batch: removals, successes (failure count reset) and failures counted. */
async function recordOutcomes(db: Db, delivered: string[], gone: string[], failed: string[], at: Date) {
  const t = pushSubscriptions;
  const statements = [
    gone.length ? db.delete(t).where(inArray(t.id, gone)) : null,
    delivered.length ? db.update(t).set({ lastSuccessAt: at, failureCount: 0 }).where(inArray(t.id, delivered)) : null,
    failed.length
      ? db
          .update(t)
          .set({ failureCount: sql`${t.failureCount} + 1` })
          .where(inArray(t.id, failed))
      : null,
    failed.length ? db.delete(t).where(and(inArray(t.id, failed), gte(t.failureCount, MAX_CONSECUTIVE_FAILURES))) : null,
  ].filter((s) => s !== null);
  await batch(db, statements);
}

/** Real delivery; the fetcher is the outside world, swapped in tests. */
export const webPushSender = (fetcher?: typeof fetch): PushSender => ({
  async send(ctx, userIds, payload) {
    await sendPush(ctx, userIds, payload, fetcher ? { fetcher } : {});
  },
});

export type RecordedPush = { userIds: readonly string[]; payload: PushPayload; at: string };

/** Without VAPID keys nothing can be delivered: keep the latest would-be pushes (bounded), as the outbox does for mail. */
export function recordingPushSender(limit = 200): PushSender & { readonly recorded: readonly RecordedPush[] } {
  const recorded: RecordedPush[] = [];
  return {
    recorded,
    async send(_ctx, userIds, payload) {
      recorded.push({ userIds: [...userIds], payload, at: new Date().toISOString() });
      if (recorded.length > limit) recorded.splice(0, recorded.length - limit);
    },
  };
}

const recorder = recordingPushSender();
const web = webPushSender();

/** Chosen by which secrets are set, like the mailer. */
export const pushSenderFor = (config: AppConfig): PushSender => (vapidIdentity(config) ? web : recorder);
