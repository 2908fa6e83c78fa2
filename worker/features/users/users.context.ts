import type { Context } from 'hono';
import type { Db } from '#db/client.ts';
import type { AppEnv } from '#worker/env.ts';
import type { AuthUser } from '#worker/lib/auth-user.ts';
import { requireUser } from '#worker/middleware/auth.ts';

/** What the users services need: the database and the signed-in caller (every route here needs one). */
export type UsersCtx = { db: Db; user: AuthUser };

export const usersCtx = (c: Context<AppEnv>): UsersCtx => ({ db: c.var.db, user: requireUser(c) });
