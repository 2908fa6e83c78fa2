import type { Context } from 'hono';
import { isAdminCapable } from '#core/roles.ts';
import type { Db } from '#db/client.ts';
import type { AppEnv } from '#worker/env.ts';
import type { AuthUser } from '#worker/lib/auth-user.ts';

/**
 * What the catalog services (courses, memberships, classes, events, seminars) need. `user` is null for
 * a visitor; on public reads it is set when a valid token came along.
 */
export type CatalogCtx = { db: Db; user: AuthUser | null; storage: R2Bucket };

export const catalogCtx = (c: Context<AppEnv>): CatalogCtx => ({ db: c.var.db, user: c.var.user, storage: c.env.UPLOADS });

/** Admin-capable callers see inactive items; everybody else only active ones. */
export const seesHidden = (ctx: CatalogCtx) => isAdminCapable(ctx.user?.role);
