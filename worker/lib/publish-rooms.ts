import { and, gt, inArray } from 'drizzle-orm';
import type { ServerFrame } from '#core/realtime/frames.ts';
import type { Db } from '#db/client.ts';
import { socketPresence } from '#db/schema/index.ts';
import { eventOf, publisherFor, SESSION_CHANGED, type Publisher, type RoomDelivery, type SessionChanged } from './publish.ts';

/** What a room is handed over RPC: a frame for its sockets, or SESSION_CHANGED (check them against the account). */
export type RoomCommand = ServerFrame | SessionChanged;

/** What a user's room answers over RPC (party/user-room.ts implements it): how many sockets it sent the frame to. */
export type RoomRpc = Rpc.DurableObjectBranded & { deliver(command: RoomCommand): Promise<number> };

/** The rooms' binding, as wrangler.toml declares it (absent in plain unit tests). */
export type RoomsEnv = { User?: DurableObjectNamespace<RoomRpc> };

/** Hands a frame to a user's room; a user with no socket open costs one call that sends nothing. */
export async function deliverTo(env: RoomsEnv, userId: string, command: RoomCommand): Promise<number> {
  if (!env.User) return 0;
  const room = env.User.get(env.User.idFromName(userId));
  return room.deliver(command);
}

/** Of these users, those whose room holds an authenticated socket (one query per 500). */
async function online(db: Db, userIds: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < userIds.length; i += 500) {
    const part = userIds.slice(i, i + 500);
    const rows = await db
      .select({ userId: socketPresence.userId })
      .from(socketPresence)
      .where(and(inArray(socketPresence.userId, part), gt(socketPresence.sockets, 0)));
    found.push(...rows.map((r) => r.userId));
  }
  return found;
}

const publishers = new WeakMap<object, Publisher>();

/** The Worker's publisher: events go to the rooms of the users who are online (one per env object). */
export function roomsPublisher(env: RoomsEnv, db: Db, appEnv: string): Publisher {
  let known = publishers.get(env);
  if (!known) {
    const deliver: RoomDelivery | null = env.User
      ? async (userIds, event) => {
          // A session change skips the presence check: a deleted account's presence row is gone with it (cascade).
          const sessions = typeof event !== 'function' && event.type === SESSION_CHANGED.type;
          const present = sessions ? userIds : await online(db, userIds);
          await Promise.all(present.map((id) => deliverTo(env, id, eventOf(event, id))));
        }
      : null;
    known = publisherFor(deliver, appEnv);
    publishers.set(env, known);
  }
  return known;
}
