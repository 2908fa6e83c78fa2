import { profileName } from '#core/users/person-name.ts';
import { isRole, PANEL_BY_ROLE, type Role } from '#core/roles.ts';
import { api, ApiError, errorMessage } from './api.ts';
import { readStored, readStoredJson, removeStored, STORAGE_KEYS, writeStored } from './storage-keys.ts';
import { offlineClear } from './offline-store.ts';
import { attendanceOwner, pendingAttendanceCount, pendingLogoutMessage } from './attendance-outbox.ts';
import { clearApiCaches } from './offline-caches.ts';
import { mayOpen, panelForPath } from '#web/pages/panel/panels.ts';

export type SessionUser = {
  _id: string;
  email: string;
  role: Role;
  isActive?: boolean;
  emailVerified?: boolean;
  profile?: { firstName?: string; lastName?: string; [key: string]: unknown };
  [key: string]: unknown;
};

export const AUTH_FAILED = 'Authentication failed';

export type RestoreResult =
  { state: 'anonymous' } | { state: 'authenticated'; user: SessionUser; token: string } | { state: 'failed'; message: typeof AUTH_FAILED };

const isUser = (v: unknown): v is SessionUser =>
  !!v && typeof v === 'object' && typeof (v as SessionUser)._id === 'string' && isRole((v as SessionUser).role);

/** Login-like answers carry the user at the top level and/or under `data`. */
export function userFrom(body: { user?: unknown; data?: unknown }): SessionUser | null {
  const data = body.data as { user?: unknown } | undefined;
  const candidates = [body.user, data?.user, body.data];
  return (candidates.find(isUser) as SessionUser | undefined) ?? null;
}

export function tokenFrom(body: { token?: unknown; data?: unknown }): string | null {
  const token = body.token ?? (body.data as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token ? token : null;
}

export function saveSession(token: string, user: SessionUser): void {
  writeStored(STORAGE_KEYS.token, token);
  writeStored(STORAGE_KEYS.user, JSON.stringify(user));
}

const USER_CHANGED = 'dojo:user-changed';

/** Keeps the user a save answered (new name, new picture) and tells the open panel, whose header shows them. */
export function rememberUser(user: SessionUser): void {
  writeStored(STORAGE_KEYS.user, JSON.stringify(user));
  window.dispatchEvent(new CustomEvent<SessionUser>(USER_CHANGED, { detail: user }));
}

/** Calls `listener` with each user `rememberUser` keeps; returns the unsubscribe. */
export function onUserChanged(listener: (user: SessionUser) => void): () => void {
  const handle = (e: Event) => {
    const user = (e as CustomEvent<unknown>).detail;
    if (isUser(user)) listener(user);
  };
  window.addEventListener(USER_CHANGED, handle);
  return () => window.removeEventListener(USER_CHANGED, handle);
}

/** Spec 4: a session that cannot be restored leaves no token, user or preferences behind. */
export function clearSession(): void {
  removeStored(STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.preferences);
  void offlineClear();
  void clearApiCaches();
}

export const storedToken = () => readStored(STORAGE_KEYS.token);
export const storedUser = () => {
  const user = readStoredJson<unknown>(STORAGE_KEYS.user);
  return isUser(user) ? user : null;
};

/** Logged in when a stored token exists and the profile call succeeds; otherwise everything is cleared. */
export async function restoreSession(signal?: AbortSignal): Promise<RestoreResult> {
  const token = storedToken();
  if (!token) {
    clearSession();
    return { state: 'anonymous' };
  }
  try {
    const body = await api('/auth/me', { fallback: AUTH_FAILED, ...(signal ? { signal } : {}) });
    const user = userFrom(body);
    if (!user) throw new Error(AUTH_FAILED);
    writeStored(STORAGE_KEYS.user, JSON.stringify(user));
    return { state: 'authenticated', user, token };
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    // Offline (no answer at all): the panel opens with the stored user; every call still carries the token the server checks.
    const stored = storedUser();
    if (err instanceof ApiError && err.status === 0 && stored) return { state: 'authenticated', user: stored, token };
    clearSession();
    return { state: 'failed', message: AUTH_FAILED };
  }
}

/** Why a sign-out must wait: check-ins taken here that only this user's session can still send. */
export async function logoutRefusal(user: Pick<SessionUser, '_id'>): Promise<string | null> {
  const count = await pendingAttendanceCount(attendanceOwner(user));
  return count > 0 ? pendingLogoutMessage(count) : null;
}

/** Ends the session on the server (every token of the user stops working), then forgets it here. */
export async function logout(): Promise<string | null> {
  let problem: string | null = null;
  if (storedToken()) {
    try {
      await api('/auth/logout', { fallback: 'Failed to log out' });
    } catch (err) {
      problem = errorMessage(err);
    }
  }
  clearSession();
  return problem;
}

export function displayName(user: Pick<SessionUser, 'email' | 'profile'>): string {
  return profileName(user.profile, user.email);
}

export const firstName = (user: Pick<SessionUser, 'email' | 'profile'>) => user.profile?.firstName?.trim() || displayName(user);

export const ROLE_LABELS: Record<Role, string> = {
  student: 'Student',
  member: 'Member',
  instructor: 'Instructor',
  grandmaster: 'Grand Master',
  admin: 'Admin',
  'super-admin': 'Super Admin',
};

export const homeFor = (role: Role) => PANEL_BY_ROLE[role];

/** Only a path on this site: no scheme, no `//host`, no backslash tricks, never back into /auth. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\s]/.test(next.slice(0, 2))) return null;
  try {
    const base = 'http://same.origin';
    const url = new URL(next, base);
    if (url.origin !== base || url.pathname.startsWith('/auth/') || url.pathname === '/auth') return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** Where to go after logging in or registering: `?next=` when it is a page of this site the user may open, else the role's own panel. */
export function afterLoginPath(role: Role, next: string | null): string {
  const path = safeNextPath(next);
  const panel = path ? panelForPath(path.split(/[?#]/)[0] ?? '') : null;
  if (path && (!panel || mayOpen(panel, role))) return path;
  return homeFor(role);
}
