/** Something a service announces to the users it concerns (spec socket events: notification, new_message …). */
export type RealtimeEvent = { type: string; data?: unknown };

/** Where announcements go: the rooms of the users concerned (realtime issue), a recorder until then. */
export interface Publisher {
  send(userId: string, event: RealtimeEvent): Promise<void>;
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

/** The one publisher of this isolate until the rooms plug in. */
export const publisher = recordingPublisher();
