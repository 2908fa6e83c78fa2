import { Hono } from 'hono';
import { z } from 'zod';
import { ListPostsQuery, RetryPostSchema } from '#core/social/social-schemas.ts';
import { SOCIAL_MESSAGES } from '#core/social/social-options.ts';
import type { AppEnv } from '#worker/env.ts';
import { readBody } from '#worker/lib/body.ts';
import { validate } from '#worker/lib/validate.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { CREATE_BODY, createPost } from './social-posts.create.ts';
import { getPost, listPosts, localLog } from './social-posts.read.ts';
import { dashboardStats } from './social-posts.stats.ts';
import { deletePost, retryPost } from './social-posts.write.ts';

const LocalLogQuery = z.object({ postId: z.string().max(64).optional().catch(undefined) });

/** Spec 7 Social: posts and the dashboard (mounted at /api/social-media). */
export const socialPostsRoutes = new Hono<AppEnv>()
  .post('/posts', bodyLimit(CREATE_BODY), async (c) => {
    const { post, message } = await createPost(c.var.ctx, await readBody(c.req.raw, CREATE_BODY));
    return c.json({ success: true, data: post, post, message }, 201);
  })
  .get('/posts', validate('query', ListPostsQuery), async (c) => {
    const { posts, pagination } = await listPosts(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: posts, posts, pagination });
  })
  .get('/posts/:id', async (c) => {
    const post = await getPost(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: post, post });
  })
  .delete('/posts/:id', async (c) => {
    const data = await deletePost(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: SOCIAL_MESSAGES.deleted });
  })
  .post('/posts/:id/retry', validate('json', RetryPostSchema), async (c) => {
    const { post, message } = await retryPost(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data: post, post, message });
  })
  .get('/dashboard/stats', async (c) => c.json({ success: true, data: await dashboardStats(c.var.ctx) }))
  .get('/local-log', validate('query', LocalLogQuery), async (c) =>
    c.json({ success: true, data: await localLog(c.var.ctx, c.req.valid('query').postId) }),
  );
