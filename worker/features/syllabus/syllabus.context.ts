import type { Context } from 'hono';
import type { Db } from '#db/client.ts';
import type { AppEnv } from '#worker/env.ts';
import type { AuthUser } from '#worker/lib/auth-user.ts';

/** What the syllabus services need: database, caller (null on the download route), bucket, link secret. */
export type SyllabusCtx = { db: Db; user: AuthUser | null; storage: R2Bucket; secret: string };

export const syllabusCtx = (c: Context<AppEnv>): SyllabusCtx => ({
  db: c.var.db,
  user: c.var.user,
  storage: c.env.UPLOADS,
  secret: c.var.config.JWT_SECRET,
});
