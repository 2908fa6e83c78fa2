import type { Context } from 'hono';
import { isAdminCapable } from '#core/roles.ts';
import type { Db } from '#db/client.ts';
import type { AppEnv } from '#worker/env.ts';
import type { AuthUser } from '#worker/lib/auth-user.ts';

/** What the content services (assets, media, charts, testimonials, alliances, posts) need from a request. */
export type ContentCtx = { db: Db; user: AuthUser | null; storage: R2Bucket };

export const contentCtx = (c: Context<AppEnv>): ContentCtx => ({ db: c.var.db, user: c.var.user, storage: c.env.UPLOADS });

/** Admin-capable callers also see inactive and unpublished items on the public reads. */
export const seesHidden = (ctx: Pick<ContentCtx, 'user'>) => isAdminCapable(ctx.user?.role);
