import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { users, type UserRow } from '#db/schema/index.ts';
import type { AppConfig } from '#worker/config.ts';
import { signToken } from '#worker/lib/jwt.ts';
import { notFound } from '#worker/lib/errors.ts';
import { serializeUser } from '#worker/lib/serialize-user.ts';

export const signSession = (config: AppConfig, row: Pick<UserRow, 'id' | 'role' | 'tokenVersion'>) =>
  signToken({ sub: row.id, role: row.role, tv: row.tokenVersion }, config.JWT_SECRET, config.JWT_TTL_SECONDS);

/** The `{ token, user }` pair login-like calls answer, also repeated under `data` for the spec's client. */
export async function sessionPayload(config: AppConfig, row: UserRow) {
  const token = await signSession(config, row);
  const user = serializeUser(row);
  return { token, user, data: { token, user } };
}

export async function loadUserRow(db: Db, id: string): Promise<UserRow> {
  const row = await db.select().from(users).where(eq(users.id, id)).get();
  if (!row) throw notFound('User not found');
  return row;
}
