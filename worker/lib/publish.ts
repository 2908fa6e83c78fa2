import type { PublishedFrame } from '#core/realtime/frames.ts';

/**
 * Not a frame for the browser: it tells the users' rooms to check their sockets against the account now
 * (token version, block, role) and to close those that no longer hold (party/protocol.ts ROOM_CLOSE.sessionEnded).
 * Published after every write that bumps a token version, blocks, deactivates, deletes or changes a role.
 */
export const SESSION_CHANGED = { type: 'session_changed' } as const;
/** The same, when the school ended the sessions without changing the account otherwise (the pages say who did). */
export const SESSIONS_ENDED_BY_SCHOOL = { type: 'session_changed', by: 'school' } as const;
/** No data; `data?: undefined` lets a reader of any RealtimeEvent look at `event.data` without narrowing first. */
export type SessionChanged = typeof SESSION_CHANGED & { data?: undefined; by?: 'school' };

/** What a service announces to the users it concerns: one of spec 7's frames (core/realtime/frames.ts), or SESSION_CHANGED. */
export type RealtimeEvent = PublishedFrame | SessionChanged;

/** One event for all the users, or each user's own (a notification is a row per recipient). */
export type EventFor = RealtimeEvent | ((userId: string) => RealtimeEvent);

export const eventOf = (event: EventFor, userId: string): RealtimeEvent => (typeof event === 'function' ? event(userId) : event);

/** Where announcements go: the rooms of the users concerned (publish-rooms.ts), or a recorder (tests, no rooms). */
export interface Publisher {
  send(userId: string, event: RealtimeEvent): Promise<void>;
  /** An event for many users at once (rooms: one presence lookup for all of them). */
  sendMany?(userIds: readonly string[], event: EventFor): Promise<void>;
}

export type Published = { userId: string; event: RealtimeEvent; at: string };

/**
 * Keeps the latest announcements in memory (bounded), so tests and the local stack can see what a
 * service published before the rooms exist. It holds no request state, only what was announced.
 */
export function recordingPublisher(limit = 200): Publisher & { readonly recorded: readonly Published[]; clear(): void } {
  const recorded: Published[] = [];
  return {
    recorded,
    async send(userId, event) {
      recorded.push({ userId, event, at: new Date().toISOString() });
      if (recorded.length > limit) recorded.splice(0, recorded.length - limit);
    },
    clear() {
      recorded.length = 0;
    },
  };
}

/** What tests and the local stack read back; production does not keep it (publisherFor). */
export const publisher = recordingPublisher();

/** Sends to the users' rooms (worker/lib/publish-rooms.ts). */
export type RoomDelivery = (userIds: readonly string[], event: EventFor) => Promise<unknown>;

/**
 * The publisher of a request: the users' rooms when the Worker has them; in tests and locally the
 * recorder sees every event too, so a test can read what a service announced without a socket.
 */
export function publisherFor(deliver: RoomDelivery | null, appEnv: string): Publisher {
  if (!deliver) return publisher;
  const record = appEnv !== 'production';
  const sendMany = async (userIds: readonly string[], event: EventFor) => {
    if (record) for (const userId of userIds) await publisher.send(userId, eventOf(event, userId));
    await deliver(userIds, event);
  };
  return { sendMany, send: (userId, event) => sendMany([userId], event) };
}
