import { and, eq, gt, inArray } from 'drizzle-orm';
import { Server, type Connection, type ConnectionContext, type WSMessage } from 'partyserver';
import { ADMIN_CAPABLE, isAdminCapable, isRole, type Role } from '#core/roles.ts';
import { compileFindById } from '#db/compiled-select.ts';
import { socketPresence, users } from '#db/schema/index.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { publisherFor, type Publisher, type RoomDelivery } from '#worker/lib/publish.ts';
import { loadUser } from '#worker/middleware/auth.ts';
import { dbFor } from '#worker/middleware/context.ts';
import { ClientFrame, SCHOOL_TARGET, type ServerFrame } from './protocol.ts';

/** What a socket remembers across hibernation: who it is once authenticated, and since when it waits. */
type SocketState = { userId: string | null; role: Role | null; openedAt: number };

/** A socket that has not authenticated by then is closed (checked by the room's alarm). */
export const AUTH_WINDOW_MS = 10_000;
export const ROOM_CLOSE = { authFailed: 4001, notYourRoom: 4003 } as const;

const findUser = compileFindById(users, users.id);

/**
 * One room per user (`/parties/user/{userId}`: partyserver routes by the binding's name, `User`). Hibernation is on: an idle socket costs nothing,
 * and what a socket is (its user and role) lives in its attached state. Nothing flows before the
 * socket is authenticated with the same rules as the API (revoked, blocked, deactivated tokens refused)
 * and only for this room's own user; every inbound frame is parsed against the protocol, anything else dropped.
 */
export class UserRoom extends Server<Bindings> {
  static override options = { hibernate: true };

  override async onConnect(connection: Connection<SocketState>, ctx: ConnectionContext) {
    connection.setState({ userId: null, role: null, openedAt: Date.now() });
    const token = new URL(ctx.request.url).searchParams.get('token');
    if (token) await this.authenticate(connection, token);
    else await this.ctx.storage.setAlarm(Date.now() + AUTH_WINDOW_MS);
  }

  override async onMessage(connection: Connection<SocketState>, message: WSMessage) {
    if (typeof message !== 'string' || message.length > 4096) return;
    let raw: unknown;
    try {
      raw = JSON.parse(message);
    } catch {
      return;
    }
    const frame = ClientFrame.safeParse(raw);
    if (!frame.success) return;
    if (frame.data.type === 'authenticate') {
      if (frame.data.userId !== this.name) return this.refuse(connection, 'This is not your room', ROOM_CLOSE.notYourRoom);
      return this.authenticate(connection, frame.data.token);
    }
    const me = connection.state;
    if (!me?.userId || !me.role) return this.refuse(connection, 'Authenticate first', ROOM_CLOSE.authFailed);
    // typing: relayed to the other side, never stored. Members talk only to the school, so a
    // non-admin's typing reaches only an admin-capable user.
    if (frame.data.targetId === me.userId) return;
    const typing: ServerFrame = { type: 'typing', data: { userId: me.userId, isTyping: frame.data.isTyping } };
    // A member writes to the school, not to one admin: `school` reaches every school account online.
    if (frame.data.targetId === SCHOOL_TARGET) {
      const school = await this.schoolOnline();
      await Promise.all(school.filter((id) => id !== me.userId).map((id) => deliverTo(this.env as RoomsEnv, id, typing)));
      return;
    }
    if (!isAdminCapable(me.role) && !(await this.isSchool(frame.data.targetId))) return;
    await deliverTo(this.env as RoomsEnv, frame.data.targetId, typing);
  }

  /** Active school accounts with a socket open (one query). */
  private async schoolOnline(): Promise<string[]> {
    const config = loadConfig(this.env);
    const rows = await dbFor(config, this.env.LIBSQL_SERVICE)
      .select({ id: users.id })
      .from(users)
      .innerJoin(socketPresence, eq(socketPresence.userId, users.id))
      .where(and(inArray(users.role, [...ADMIN_CAPABLE]), eq(users.isActive, true), gt(socketPresence.sockets, 0)));
    return rows.map((r) => r.id);
  }

  override async onClose(connection: Connection<SocketState>) {
    if (connection.state?.userId) await this.recordPresence(connection.id);
  }

  /** Writes how many authenticated sockets this room holds (absolute, so a lost close heals on the next write). */
  private async recordPresence(closing?: string) {
    let sockets = 0;
    for (const c of this.getConnections<SocketState>()) if (c.id !== closing && c.state?.userId) sockets++;
    const config = loadConfig(this.env);
    await dbFor(config, this.env.LIBSQL_SERVICE)
      .insert(socketPresence)
      .values({ userId: this.name, sockets, updatedAt: new Date() })
      .onConflictDoUpdate({ target: socketPresence.userId, set: { sockets, updatedAt: new Date() } });
  }

  /** Sockets that never authenticated are closed once their window has passed. */
  override async onAlarm() {
    const now = Date.now();
    let waiting = false;
    for (const c of this.getConnections<SocketState>()) {
      if (c.state?.userId) continue;
      if (now - (c.state?.openedAt ?? 0) >= AUTH_WINDOW_MS) this.refuse(c, 'Authentication timed out', ROOM_CLOSE.authFailed);
      else waiting = true;
    }
    if (waiting) await this.ctx.storage.setAlarm(now + AUTH_WINDOW_MS);
  }

  /** RPC from the API (worker/lib/publish.ts): an event for every authenticated socket of this user. */
  async deliver(frame: ServerFrame): Promise<number> {
    const text = JSON.stringify(frame);
    let sent = 0;
    for (const c of this.getConnections<SocketState>()) {
      if (!c.state?.userId) continue;
      c.send(text);
      sent++;
    }
    return sent;
  }

  private async authenticate(connection: Connection<SocketState>, token: string) {
    const config = loadConfig(this.env);
    const loaded = await loadUser({ config, db: dbFor(config, this.env.LIBSQL_SERVICE) }, token);
    if (typeof loaded === 'string') return this.refuse(connection, loaded, ROOM_CLOSE.authFailed);
    if (loaded.user.id !== this.name) return this.refuse(connection, 'This is not your room', ROOM_CLOSE.notYourRoom);
    connection.setState({ userId: loaded.user.id, role: loaded.user.role, openedAt: connection.state?.openedAt ?? Date.now() });
    await this.recordPresence();
    connection.send(
      JSON.stringify({ type: 'authenticated', data: { userId: loaded.user.id, role: loaded.user.role } } satisfies ServerFrame),
    );
  }

  private refuse(connection: Connection, message: string, code: number) {
    connection.send(JSON.stringify({ type: 'auth_error', message } satisfies ServerFrame));
    connection.close(code, message);
  }

  private async isSchool(userId: string): Promise<boolean> {
    const config = loadConfig(this.env);
    const row = await findUser(dbFor(config, this.env.LIBSQL_SERVICE).$read, userId);
    return Boolean(row && isRole(row.role) && isAdminCapable(row.role) && row.isActive);
  }
}

/** The rooms' binding, as wrangler.toml declares it. */
type RoomsEnv = { User?: DurableObjectNamespace<UserRoom> };

/** Hands an event to a user's room; a user with no socket open costs one call that sends nothing. */
export async function deliverTo(env: RoomsEnv, userId: string, frame: ServerFrame): Promise<number> {
  if (!env.User) return 0;
  const room = env.User.get(env.User.idFromName(userId));
  return room.deliver(frame);
}

const publishers = new WeakMap<object, Publisher>();

/** Of these users, those whose room holds an authenticated socket (one query per 500). */
async function online(env: Bindings, userIds: readonly string[]): Promise<string[]> {
  const config = loadConfig(env);
  const db = dbFor(config, env.LIBSQL_SERVICE);
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

/** The publisher for requests of this Worker: events go to the rooms of the users who are online (one per env object). */
export function roomsPublisher(env: Bindings, appEnv: string): Publisher {
  let known = publishers.get(env);
  if (!known) {
    const rooms = env as RoomsEnv;
    const deliver: RoomDelivery | null = rooms.User
      ? async (userIds, event) => {
          const present = await online(env, userIds);
          await Promise.all(present.map((id) => deliverTo(rooms, id, event as ServerFrame)));
        }
      : null;
    known = publisherFor(deliver, appEnv);
    publishers.set(env, known);
  }
  return known;
}
