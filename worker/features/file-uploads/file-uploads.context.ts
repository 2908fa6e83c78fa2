import type { Context } from 'hono';
import type { Db } from '#db/client.ts';
import type { AppEnv } from '#worker/env.ts';
import type { AuthUser } from '#worker/lib/auth-user.ts';

/** The database, the caller (null for anonymous public reads) and the bucket. */
export type FileUploadsCtx = { db: Db; user: AuthUser | null; storage: R2Bucket };

export const fileUploadsCtx = (c: Context<AppEnv>): FileUploadsCtx => ({ db: c.var.db, user: c.var.user, storage: c.env.UPLOADS });
