import { and, eq, gt, inArray } from 'drizzle-orm';
import { Server, type Connection, type ConnectionContext, type WSMessage } from 'partyserver';
import { ADMIN_CAPABLE, isAdminCapable, isRole, type Role } from '#core/roles.ts';
import { compileFindById } from '#db/compiled-select.ts';
import { socketPresence, users, type UserRow } from '#db/schema/index.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { eventOf, publisherFor, SESSION_CHANGED, type Publisher, type RoomDelivery } from '#worker/lib/publish.ts';
import { loadUser, sessionHolds, STALE_TOKEN } from '#worker/middleware/auth.ts';
import { dbFor } from '#worker/middleware/context.ts';
import { FrameBudget } from './frame-budget.ts';
import { AUTH_WINDOW_MS, ClientFrame, ROOM_CLOSE, SCHOOL_TARGET, type ServerFrame } from './protocol.ts';

export { AUTH_WINDOW_MS, ROOM_CLOSE };

/** What a socket remembers across hibernation: who it is once authenticated (with its token's version), and since when it waits. */
type SocketState = { userId: string | null; role: Role | null; tokenVersion: number | null; openedAt: number };

const findUser = compileFindById(users, users.id);

/** The socket's account still holds as it authenticated: same token version and role, active. */
const stillHolds = (row: UserRow | undefined, me: SocketState) =>
  Boolean(row && me.tokenVersion !== null && sessionHolds(row, me.tokenVersion) && row.role === me.role);

/**
 * One room per user (`/parties/user/{userId}`: partyserver routes by the binding's name, `User`). Hibernation is on: an idle socket costs nothing,
 * and what a socket is (its user, role and token version) lives in its attached state. A socket authenticates
 * with the spec's `authenticate` frame within AUTH_WINDOW_MS (never by URL: a URL is logged); nothing
 * flows before, and only for this room's own user. The API tells the room when the account changes
 * (SESSION_CHANGED) and the sender's current rights are read again before typing is relayed.
 */
export class UserRoom extends Server<Bindings> {
  static override options = { hibernate: true };

  /** In memory only: a flood keeps the room awake, and an idle socket needs no budget. */
  private budgets = new Map<string, FrameBudget>();

  override async onConnect(connection: Connection<SocketState>, _ctx: ConnectionContext) {
    connection.setState({ userId: null, role: null, tokenVersion: null, openedAt: Date.now() });
    await this.ctx.storage.setAlarm(Date.now() + AUTH_WINDOW_MS);
  }

  override async onMessage(connection: Connection<SocketState>, message: WSMessage) {
    // Frames already queued when the socket was closed (a flood's tail) are not read, nor counted afresh.
    if (connection.readyState !== WebSocket.OPEN) return;
    const verdict = this.budgetOf(connection).take();
    if (verdict === 'close') return connection.close(ROOM_CLOSE.tooManyFrames, 'Too many frames');
    if (verdict === 'drop' || typeof message !== 'string' || message.length > 4096) return;
    let raw: unknown;
    try {
      raw = JSON.parse(message);
    } catch {
      return;
    }
    const frame = ClientFrame.safeParse(raw);
    if (!frame.success) return;
    const me = connection.state;
    if (frame.data.type === 'authenticate') {
      if (me?.userId) return;
      if (frame.data.userId !== this.name) return this.refuse(connection, 'This is not your room', ROOM_CLOSE.notYourRoom);
      return this.authenticate(connection, frame.data.token);
    }
    if (!me?.userId || !me.role) return this.refuse(connection, 'Authenticate first', ROOM_CLOSE.authFailed);
    if (frame.data.targetId === me.userId) return;
    // The sender's rights as they are now, not as they were when the socket authenticated.
    if (!stillHolds(await findUser(this.db().$read, me.userId), me)) {
      await this.endSessions();
      return;
    }
    // typing: relayed to the other side, never stored. Members talk only to the school, so a
    // non-admin's typing reaches only an admin-capable user.
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

  private budgetOf(connection: Connection) {
    let budget = this.budgets.get(connection.id);
    if (!budget) this.budgets.set(connection.id, (budget = new FrameBudget()));
    return budget;
  }

  private db() {
    return dbFor(loadConfig(this.env), this.env.LIBSQL_SERVICE);
  }

  /** Active school accounts with a socket open (one query). */
  private async schoolOnline(): Promise<string[]> {
    const rows = await this.db()
      .select({ id: users.id })
      .from(users)
      .innerJoin(socketPresence, eq(socketPresence.userId, users.id))
      .where(and(inArray(users.role, [...ADMIN_CAPABLE]), eq(users.isActive, true), gt(socketPresence.sockets, 0)));
    return rows.map((r) => r.id);
  }

  override async onClose(connection: Connection<SocketState>) {
    this.budgets.delete(connection.id);
    if (connection.state?.userId) await this.recordPresence(connection.id);
  }

  /** Writes how many authenticated sockets this room holds (absolute, so a lost close heals on the next write). */
  private async recordPresence(closing?: string) {
    let sockets = 0;
    for (const c of this.getConnections<SocketState>()) if (c.id !== closing && c.state?.userId) sockets++;
    await this.db()
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
  async deliver(frame: ServerFrame | typeof SESSION_CHANGED): Promise<number> {
    if (frame.type === SESSION_CHANGED.type) return this.endSessions();
    const text = JSON.stringify(frame);
    let sent = 0;
    for (const c of this.getConnections<SocketState>()) {
      if (!c.state?.userId) continue;
      c.send(text);
      sent++;
    }
    return sent;
  }

  /** Reads the account once and closes every socket whose session no longer holds; how many were closed. */
  private async endSessions(): Promise<number> {
    const sockets = [...this.getConnections<SocketState>()].filter((c) => c.state?.userId);
    if (!sockets.length) return 0;
    const row = await findUser(this.db().$read, this.name);
    let closed = 0;
    for (const c of sockets) {
      if (stillHolds(row, c.state!)) continue;
      this.refuse(c, STALE_TOKEN, ROOM_CLOSE.sessionEnded);
      closed++;
    }
    if (closed) await this.recordPresence();
    return closed;
  }

  private async authenticate(connection: Connection<SocketState>, token: string) {
    const config = loadConfig(this.env);
    const loaded = await loadUser({ config, db: dbFor(config, this.env.LIBSQL_SERVICE) }, token);
    if (typeof loaded === 'string') return this.refuse(connection, loaded, ROOM_CLOSE.authFailed);
    if (loaded.user.id !== this.name) return this.refuse(connection, 'This is not your room', ROOM_CLOSE.notYourRoom);
    const { id, role, tokenVersion } = loaded.user;
    connection.setState({ userId: id, role, tokenVersion, openedAt: connection.state?.openedAt ?? Date.now() });
    await this.recordPresence();
    // Read again once present: a change the API made before it saw this socket in socket_presence is caught here.
    await this.endSessions();
    if (connection.readyState !== WebSocket.OPEN) return;
    connection.send(JSON.stringify({ type: 'authenticated', data: { userId: id, role } } satisfies ServerFrame));
  }

  private refuse(connection: Connection, message: string, code: number) {
    connection.send(JSON.stringify({ type: 'auth_error', message } satisfies ServerFrame));
    connection.close(code, message);
  }

  private async isSchool(userId: string): Promise<boolean> {
    const row = await findUser(this.db().$read, userId);
    return Boolean(row && isRole(row.role) && isAdminCapable(row.role) && row.isActive);
  }
}

/** Whether a room may exist for this name: an active account's id (asked before partyserver makes the room). */
export async function roomAccountExists(env: Bindings, userId: string): Promise<boolean> {
  const row = await findUser(dbFor(loadConfig(env), env.LIBSQL_SERVICE).$read, userId);
  return Boolean(row?.isActive && !row.deactivatedAt);
}

/** The rooms' binding, as wrangler.toml declares it. */
type RoomsEnv = { User?: DurableObjectNamespace<UserRoom> };

/** Hands an event to a user's room; a user with no socket open costs one call that sends nothing. */
export async function deliverTo(env: RoomsEnv, userId: string, frame: ServerFrame | typeof SESSION_CHANGED): Promise<number> {
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
          await Promise.all(present.map((id) => deliverTo(rooms, id, eventOf(event, id) as ServerFrame)));
        }
      : null;
    known = publisherFor(deliver, appEnv);
    publishers.set(env, known);
  }
  return known;
}
