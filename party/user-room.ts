import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { Server, type Connection, type ConnectionContext, type WSMessage } from 'partyserver';
import { newId } from '#core/ids.ts';
import { CONVERSATION_PAGE_SIZE } from '#core/messages/message-schemas.ts';
import { parseClientFrame, ROOM_ERRORS, SCHOOL_TARGET, type ServerFrame } from '#core/realtime/frames.ts';
import { ADMIN_CAPABLE, isAdminCapable, isRole, type Role } from '#core/roles.ts';
import { compileFindById } from '#db/compiled-select.ts';
import { socketPresence, users, type UserRow } from '#db/schema/index.ts';
import type { Bindings } from '#worker/env.ts';
import { conversation } from '#worker/features/messages/messages.read.ts';
import { loadUser, sessionHolds, STALE_TOKEN, type AuthUser } from '#worker/lib/auth-user.ts';
import { sessionEndOf } from '#core/users/session-end.ts';
import { SESSION_CHANGED } from '#worker/lib/publish.ts';
import { deliverTo, type RoomCommand, type RoomRpc, type RoomsEnv } from '#worker/lib/publish-rooms.ts';
import { runtimeContext, runtimeOf } from '#worker/lib/runtime.ts';
import { requestLog } from '#worker/lib/service-context.ts';
import { FrameBudget } from './frame-budget.ts';
import { AUTH_WINDOW_MS, MAX_FRAME_CHARS, ROOM_CLOSE } from './protocol.ts';

export { AUTH_WINDOW_MS, ROOM_CLOSE };

/** What a socket remembers across hibernation: who it is once authenticated (with its token's version), and since when it waits. */
type SocketState = { userId: string | null; role: Role | null; tokenVersion: number | null; openedAt: number };

const findUser = compileFindById(users, users.id);

/** The socket's account still holds as it authenticated: same token version and role, active. */
const stillHolds = (row: UserRow | undefined, me: SocketState) =>
  Boolean(row && me.tokenVersion !== null && sessionHolds(row, me.tokenVersion) && row.role === me.role);

const send = (connection: Connection, frame: ServerFrame) => connection.send(JSON.stringify(frame));

/**
 * One room per user (`/parties/user/{userId}`: partyserver routes by the binding's name, `User`). Hibernation is on: an idle socket costs nothing,
 * and what a socket is (its user, role and token version) lives in its attached state. A socket authenticates
 * with the spec's `authenticate` frame within AUTH_WINDOW_MS (never by URL: a URL is logged); nothing
 * flows before, and only for this room's own user. The API tells the room when the account changes
 * (SESSION_CHANGED) and the sender's current rights are read again before typing is relayed.
 * docs/decisions/014-realtime.md.
 */
export class UserRoom extends Server<Bindings> implements RoomRpc {
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
    if (verdict === 'drop') return;
    const me = connection.state;
    const frame = typeof message === 'string' && message.length <= MAX_FRAME_CHARS ? parseClientFrame(message) : null;
    // Before authenticating a socket is told nothing; afterwards a frame the room cannot read is answered.
    if (!frame) return me?.userId ? send(connection, { type: 'error', code: 'BAD_REQUEST', message: ROOM_ERRORS.badFrame }) : undefined;
    if (frame.type === 'authenticate') {
      if (me?.userId) return;
      if (frame.userId !== this.name) return this.refuse(connection, 'This is not your room', ROOM_CLOSE.notYourRoom);
      return this.authenticate(connection, frame.token);
    }
    if (!me?.userId || !me.role) return this.refuse(connection, 'Authenticate first', ROOM_CLOSE.authFailed);
    if (frame.targetId === me.userId) return;
    try {
      await this.relayTyping({ ...me, userId: me.userId, role: me.role }, frame.targetId, frame.isTyping);
    } catch (err) {
      this.failed(connection, 'typing', err);
    }
  }

  /** typing: relayed to the other side, never stored. Members talk only to the school, so a non-admin's typing reaches only an admin-capable user. */
  private async relayTyping(me: SocketState & { userId: string; role: Role }, targetId: string, isTyping: boolean) {
    // The sender's rights as they are now, not as they were when the socket authenticated.
    if (!stillHolds(await findUser(this.db().$read, me.userId), me)) {
      await this.endSessions();
      return;
    }
    const typing: ServerFrame = { type: 'typing', data: { userId: me.userId, isTyping } };
    // A member writes to the school, not to one admin: `school` reaches every school account online.
    if (targetId === SCHOOL_TARGET) {
      const school = await this.schoolOnline();
      await Promise.all(school.filter((id) => id !== me.userId).map((id) => deliverTo(this.rooms(), id, typing)));
      return;
    }
    if (!isAdminCapable(me.role) && !(await this.isSchool(targetId))) return;
    await deliverTo(this.rooms(), targetId, typing);
  }

  private budgetOf(connection: Connection) {
    let budget = this.budgets.get(connection.id);
    if (!budget) this.budgets.set(connection.id, (budget = new FrameBudget()));
    return budget;
  }

  private db() {
    return runtimeOf(this.env).db;
  }

  private rooms() {
    return this.env as RoomsEnv;
  }

  /** The one service context (decision 010) for work this room does as its user. */
  private contextFor(user: AuthUser) {
    return runtimeContext(this.env, { user, requestId: `room-${newId()}`, waitUntil: (p) => this.ctx.waitUntil(p) });
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
    const now = Date.now();
    // Only for an account that still exists: a deleted one's row went with it (cascade) and must not come back.
    await this.db().run(
      sql`insert into ${socketPresence} (user_id, sockets, updated_at) select ${this.name}, ${sockets}, ${now} where exists (select 1 from ${users} where id = ${this.name}) on conflict (user_id) do update set sockets = excluded.sockets, updated_at = excluded.updated_at`,
    );
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

  /** RPC from the API (worker/lib/publish-rooms.ts): a frame for every authenticated socket of this user. */
  async deliver(command: RoomCommand): Promise<number> {
    if (command.type === SESSION_CHANGED.type) return this.endSessions(command.by === 'school');
    const text = JSON.stringify(command);
    let sent = 0;
    for (const c of this.getConnections<SocketState>()) {
      if (!c.state?.userId) continue;
      c.send(text);
      sent++;
    }
    return sent;
  }

  /** Reads the account once and closes every socket whose session no longer holds, saying why first; how many were closed. */
  private async endSessions(bySchool = false): Promise<number> {
    const sockets = [...this.getConnections<SocketState>()].filter((c) => c.state?.userId);
    if (!sockets.length) return 0;
    const row = await findUser(this.db().$read, this.name);
    let closed = 0;
    for (const c of sockets) {
      if (stillHolds(row, c.state!)) continue;
      const end = sessionEndOf(row, { role: c.state!.role ?? '', tokenVersion: c.state!.tokenVersion ?? -1 }, bySchool);
      if (end) send(c, { type: 'session_ended', data: end });
      this.refuse(c, STALE_TOKEN, ROOM_CLOSE.sessionEnded);
      closed++;
    }
    if (closed) await this.recordPresence();
    return closed;
  }

  private async authenticate(connection: Connection<SocketState>, token: string) {
    const loaded = await loadUser(runtimeOf(this.env), token);
    if (typeof loaded === 'string') return this.refuse(connection, loaded, ROOM_CLOSE.authFailed);
    if (loaded.user.id !== this.name) return this.refuse(connection, 'This is not your room', ROOM_CLOSE.notYourRoom);
    const { id, role, tokenVersion } = loaded.user;
    connection.setState({ userId: id, role, tokenVersion, openedAt: connection.state?.openedAt ?? Date.now() });
    await this.recordPresence();
    // Read again once present: a change the API made before it saw this socket in socket_presence is caught here.
    await this.endSessions();
    if (connection.readyState !== WebSocket.OPEN) return;
    send(connection, { type: 'authenticated', data: { userId: id, role } });
    await this.sendHistory(connection, loaded.user);
  }

  /** conversation_history: the user's conversation, page 1, as GET /api/messages/conversation answers it. */
  private async sendHistory(connection: Connection, user: AuthUser) {
    try {
      const data = await conversation(this.contextFor(user), { page: 1, limit: CONVERSATION_PAGE_SIZE });
      if (connection.readyState === WebSocket.OPEN) send(connection, { type: 'conversation_history', data });
    } catch (err) {
      this.failed(connection, 'conversation_history', err);
    }
  }

  /** The room's own work failed (the database, mostly): the socket is told with `error`, and stays open. */
  private failed(connection: Connection, label: string, err: unknown) {
    requestLog(`room-${newId()}`).error(`room ${label} failed`, { room: this.name, error: String((err as Error)?.message ?? err) });
    if (connection.readyState === WebSocket.OPEN)
      send(connection, { type: 'error', code: 'UNAVAILABLE', message: ROOM_ERRORS.unavailable });
  }

  private refuse(connection: Connection, message: string, code: number) {
    send(connection, { type: 'auth_error', message });
    connection.close(code, message);
  }

  private async isSchool(userId: string): Promise<boolean> {
    const row = await findUser(this.db().$read, userId);
    return Boolean(row && isRole(row.role) && isAdminCapable(row.role) && row.isActive);
  }
}

/** Whether a room may exist for this name: an active account's id (asked before partyserver makes the room). */
export async function roomAccountExists(env: Bindings, userId: string): Promise<boolean> {
  const row = await findUser(runtimeOf(env).db.$read, userId);
  return Boolean(row?.isActive && !row.deactivatedAt);
}
