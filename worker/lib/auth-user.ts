import { isRole, type Role } from '#core/roles.ts';
import type { Db } from '#db/client.ts';
import { compileFindById } from '#db/compiled-select.ts';
import { users, type UserRow } from '#db/schema/index.ts';
import type { AppConfig } from '#worker/config.ts';
import { verifyToken } from './jwt.ts';

/** The caller, as loaded from the database on every authenticated request. */
export type AuthUser = {
  id: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  tokenVersion: number;
};

export const NO_TOKEN = 'Not authorized, no token';
export const BAD_TOKEN = 'Not authorized, token failed';
export const STALE_TOKEN = 'Your session has ended, please log in again';

const findUser = compileFindById(users, users.id);

/** A token of version `tv` still speaks for this account (the rooms ask the same of their sockets). */
export const sessionHolds = (row: Pick<UserRow, 'tokenVersion' | 'isActive' | 'deactivatedAt' | 'role'>, tv: number) =>
  row.tokenVersion === tv && row.isActive && !row.deactivatedAt && isRole(row.role);

/** Loads the caller from a bearer token (the API) or an authenticate frame (the rooms), or the reason it is not valid. */
export async function loadUser(v: { config: AppConfig; db: Db }, token: string): Promise<{ user: AuthUser; row: UserRow } | string> {
  const claims = await verifyToken(token, v.config.JWT_SECRET);
  if (!claims) return BAD_TOKEN;
  // The whole row, read once: handlers about the caller (GET /me) reuse it instead of a second round trip.
  const row = await findUser(v.db.$read, claims.sub);
  // A token dies with a logout, password change, block or deactivation: each bumps token_version.
  if (!row || !sessionHolds(row, claims.tv) || !isRole(row.role)) return STALE_TOKEN;
  return { row, user: { id: row.id, email: row.email, role: row.role, emailVerified: row.emailVerified, tokenVersion: row.tokenVersion } };
}
