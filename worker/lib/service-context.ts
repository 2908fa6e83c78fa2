import type { Db } from '#db/client.ts';
import type { AppConfig } from '#worker/config.ts';
import { NO_TOKEN, type AuthUser } from '#worker/lib/auth-user.ts';
import { unauthorized } from '#worker/lib/errors.ts';
import type { KioskCaller } from '#worker/lib/kiosk-token.ts';
import type { Mailer } from '#worker/lib/mailer.ts';
import { eventOf, type EventFor, type Publisher } from '#worker/lib/publish.ts';

/** Runs work that need not hold the response (e-mail, notifications, push); failures are logged, never thrown. */
export type Defer = (label: string, work: () => Promise<unknown>) => void;

/** Announces a change to the users concerned, after the write it follows (delivered through `defer`). */
export type Publish = (userIds: readonly string[], event: EventFor) => void;

/** One JSON line per call: `{ level, requestId, message, ...fields }` (info to stdout, warn and error to stderr). */
export type Log = Record<'info' | 'warn' | 'error', (message: string, fields?: Record<string, unknown>) => void>;

/**
 * What every service verb gets, whoever calls it: a request (built by the service-context middleware),
 * a room, the scheduled handler or a seed (built with `serviceContext` the same way).
 */
export type ServiceCtx = {
  db: Db;
  /** The caller; null for a visitor or for work no user started (cron, seed). */
  user: AuthUser | null;
  /** A check-in device calling with its kiosk token (then `user` is null); absent or null otherwise. */
  kiosk?: KioskCaller | null;
  requestId: string;
  config: AppConfig;
  ip: string;
  /** Where links in e-mails point: PUBLIC_URL, else the request's own origin; no trailing slash. */
  origin: string;
  mailer: Mailer;
  storage: R2Bucket;
  publish: Publish;
  defer: Defer;
  log: Log;
};

export type ServiceCtxParts = Omit<ServiceCtx, 'publish' | 'defer' | 'origin' | 'log'> & {
  /** The origin of the request (or PUBLIC_URL's stand-in for work without one). */
  requestOrigin: string;
  publisher: Publisher;
  /** The runtime's way to keep the isolate alive for a promise (ExecutionContext.waitUntil); none in plain unit tests. */
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined;
};

/** The log of one request (or job): console is looked up per call, so a test's spy sees the line. */
export const requestLog = (requestId: string): Log => {
  const line = (level: string, message: string, fields?: Record<string, unknown>) =>
    JSON.stringify({ level, requestId, message, ...fields });
  return {
    info: (message, fields) => console.log(line('info', message, fields)),
    warn: (message, fields) => console.warn(line('warn', message, fields)),
    error: (message, fields) => console.error(line('error', message, fields)),
  };
};

/** Deferred work not yet settled in this isolate: the local scheduler and tests wait for it with settleDeferred(). */
const inFlight = new Map<Promise<void>, string>();

/**
 * Waits until no deferred work is in flight. It polls rather than awaiting the work's own promises: those
 * were made in other requests' contexts, and workerd drops the continuation of a promise awaited from
 * another context once the request that made it has ended, which left a waiter hanging after the work was
 * done. What is still running after 10 s is named, so a stuck job is found, not guessed.
 */
export async function settleDeferred(): Promise<void> {
  const started = Date.now();
  let named = false;
  while (inFlight.size) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (!named && Date.now() - started > 10_000) {
      named = true;
      console.error(JSON.stringify({ level: 'warn', message: 'deferred work still running after 10 s', labels: [...inFlight.values()] }));
    }
  }
}

/** The one builder of the service context. */
export function serviceContext(parts: ServiceCtxParts): ServiceCtx {
  const { requestOrigin, publisher, waitUntil, ...rest } = parts;
  const log = requestLog(rest.requestId);
  const defer: Defer = (label, work) => {
    const done: Promise<void> = Promise.resolve()
      .then(work)
      .then(
        () => {},
        (err) => log.error(`deferred work failed: ${label}`, { error: String((err as Error)?.message ?? err) }),
      )
      .finally(() => inFlight.delete(done));
    inFlight.set(done, label);
    waitUntil?.(done);
  };
  const publish: Publish = (userIds, event) => {
    const ids = [...new Set(userIds)];
    if (!ids.length) return;
    const label = `publish ${eventOf(event, ids[0]!).type}`;
    if (publisher.sendMany) return defer(label, () => publisher.sendMany!(ids, event));
    for (const userId of ids) defer(label, () => publisher.send(userId, eventOf(event, userId)));
  };
  const origin = (rest.config.PUBLIC_URL ?? requestOrigin).replace(/\/+$/, '');
  return { ...rest, origin, publish, defer, log };
}

/** The caller of a verb that needs one; 401 otherwise (the access table already refuses anonymous calls). */
export function signedIn(ctx: Pick<ServiceCtx, 'user'>): AuthUser {
  if (!ctx.user) throw unauthorized(NO_TOKEN);
  return ctx.user;
}
