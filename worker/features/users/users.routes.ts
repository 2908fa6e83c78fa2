import { Hono } from 'hono';
import { USER_MESSAGES } from '#core/users/user-messages.ts';
import { ListUsersQuery, RoleParam, SearchUsersQuery } from '#core/users/user-query.ts';
import {
  BlockUserSchema,
  BulkDeleteUsersSchema,
  BulkUpdateUsersSchema,
  CreateUserSchema,
  UpdateUserSchema,
} from '#core/users/user-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { bulkDeleteUsers, bulkUpdateUsers } from './users.bulk.ts';
import { createUser } from './users.create.ts';
import { blockUser, deleteUser, unblockUser } from './users.moderation.ts';
import { getUser, getUserByStudentId, listUsers, searchUsers } from './users.read.ts';
import { userOverview } from './users.overview.ts';
import { endUserSessions, sendPasswordReset, sessionStatus } from './users.sessions.ts';
import { updateUser } from './users.update.ts';
import { bearerToken } from '#worker/middleware/auth.ts';

const plural = (n: number) => `${n} user${n === 1 ? '' : 's'}`;

// Fixed paths (/bulk, /session-status, /search, /role/:role, /studentId/:id) come before /:id so it cannot swallow them.
export const usersRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListUsersQuery), async (c) => {
    const { users, pagination } = await listUsers(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: users, pagination });
  })
  .post('/', validate('json', CreateUserSchema), async (c) => {
    const user = await createUser(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data: user, user, message: USER_MESSAGES.created }, 201);
  })
  .delete('/', validate('json', BulkDeleteUsersSchema), async (c) => {
    const { deletedCount } = await bulkDeleteUsers(c.var.ctx, c.req.valid('json').userIds);
    return c.json({ success: true, data: { deletedCount }, count: deletedCount, message: `${plural(deletedCount)} deleted successfully` });
  })
  .patch('/bulk', validate('json', BulkUpdateUsersSchema), async (c) => {
    const { updatedCount } = await bulkUpdateUsers(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data: { updatedCount }, count: updatedCount, message: `${plural(updatedCount)} updated successfully` });
  })
  .get('/session-status', async (c) => {
    const data = await sessionStatus(c.var.ctx, bearerToken(c.req.header('authorization')));
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, data });
  })
  .get('/search', validate('query', SearchUsersQuery), async (c) => {
    const users = await searchUsers(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: users, count: users.length });
  })
  .get('/role/:role', validate('param', RoleParam), validate('query', ListUsersQuery), async (c) => {
    const query = { ...c.req.valid('query'), role: c.req.valid('param').role };
    const { users, pagination } = await listUsers(c.var.ctx, query);
    return c.json({ success: true, data: users, pagination });
  })
  .get('/studentId/:id', async (c) => {
    const user = await getUserByStudentId(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: user, user });
  })
  .get('/:id', async (c) => {
    const user = await getUser(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: user, user });
  })
  .get('/:id/overview', async (c) => {
    const data = await userOverview(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data });
  })
  .post('/:id/password-reset', async (c) => {
    const { message } = await sendPasswordReset(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: null, message });
  })
  .post('/:id/end-sessions', async (c) => {
    const { message } = await endUserSessions(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: null, message });
  })
  .patch('/:id', validate('json', UpdateUserSchema), async (c) => {
    const user = await updateUser(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data: user, user, message: USER_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteUser(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: USER_MESSAGES.deleted });
  })
  .patch('/:id/block', validate('json', BlockUserSchema), async (c) => {
    const user = await blockUser(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data: user, user, message: USER_MESSAGES.blocked });
  })
  .patch('/:id/unblock', async (c) => {
    const user = await unblockUser(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: user, user, message: USER_MESSAGES.unblocked });
  });
