import { Hono } from 'hono';
import { IMAGE_MAX_BYTES, UPLOAD_MESSAGES } from '#core/media/limits.ts';
import { BulkDeletePostsSchema, ListPostsQuery, POST_MESSAGES } from '#core/media/post-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { readBody } from '#worker/lib/body.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { getPost, listPosts } from './posts.read.ts';
import { bulkDeletePosts, createPost, deletePost, updatePost } from './posts.write.ts';

const imageBody = { maxBytes: IMAGE_MAX_BYTES, tooLargeMessage: UPLOAD_MESSAGES.imageTooLarge };
const plural = (n: number) => `${n} post${n === 1 ? '' : 's'}`;

export const postsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListPostsQuery), async (c) => {
    const { posts, pagination } = await listPosts(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: posts, posts, pagination });
  })
  .post('/', bodyLimit(imageBody), async (c) => {
    const post = await createPost(c.var.ctx, await readBody(c.req.raw, imageBody));
    return c.json({ success: true, data: post, post, message: POST_MESSAGES.created }, 201);
  })
  .delete('/', validate('json', BulkDeletePostsSchema), async (c) => {
    const { deletedCount } = await bulkDeletePosts(c.var.ctx, c.req.valid('json').postIds);
    return c.json({ success: true, data: { deletedCount }, count: deletedCount, message: `${plural(deletedCount)} deleted successfully` });
  })
  .get('/:id', async (c) => {
    const post = await getPost(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: post, post });
  })
  .put('/:id', bodyLimit(imageBody), async (c) => {
    const post = await updatePost(c.var.ctx, c.req.param('id'), await readBody(c.req.raw, imageBody));
    return c.json({ success: true, data: post, post, message: POST_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deletePost(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: POST_MESSAGES.deleted });
  });
