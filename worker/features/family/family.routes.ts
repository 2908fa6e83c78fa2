import { Hono } from 'hono';
import {
  AcceptInviteSchema,
  AddChildSchema,
  FAMILY_TEXT as T,
  GiveLoginSchema,
  InviteSchema,
  LinkChildSchema,
  ListFamiliesQuery,
  UpdateChildSchema,
} from '#core/family/family-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { addChild, giveChildLogin, updateChild } from './family.children.ts';
import { acceptInvite, createInvite, revokeInvite } from './family.invites.ts';
import { takeOver } from './family.majority.ts';
import { getFamily, userFamily } from './family.read.ts';
import { linkChild, listFamilies, unlinkChild } from './family.staff.ts';

/** Issue 26 §1: a guardian's family (mounted at /api/family). /invites/accept comes before /invites/:id. */
export const familyRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ success: true, data: await getFamily(c.var.ctx) }))
  .post('/children', validate('json', AddChildSchema), async (c) => {
    const data = await addChild(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data, message: T.childAdded }, 201);
  })
  .patch('/children/:id', validate('json', UpdateChildSchema), async (c) => {
    const data = await updateChild(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data, message: T.childUpdated });
  })
  .post('/children/:id/login', validate('json', GiveLoginSchema), async (c) => {
    const data = await giveChildLogin(c.var.ctx, c.req.param('id'), c.req.valid('json').email);
    return c.json({ success: true, data, message: T.loginGiven });
  })
  .post('/invites/accept', validate('json', AcceptInviteSchema), async (c) => {
    const data = await acceptInvite(c.var.ctx, c.req.valid('json').token);
    return c.json({ success: true, data, message: T.inviteAccepted });
  })
  .post('/invites', validate('json', InviteSchema), async (c) => {
    const data = await createInvite(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data, message: T.inviteSent }, 201);
  })
  .delete('/invites/:id', async (c) => {
    const data = await revokeInvite(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: T.inviteRevoked });
  })
  .post('/take-over', async (c) => {
    const data = await takeOver(c.var.ctx);
    return c.json({ success: true, data, message: T.tookOver });
  });

/** Staff's side (mounted at /api): a person's family, links, and the school's list of families. */
export const familyStaffRoutes = new Hono<AppEnv>()
  .get('/users/:id/family', async (c) => c.json({ success: true, data: await userFamily(c.var.ctx, c.req.param('id')) }))
  .post('/users/:id/family/links', validate('json', LinkChildSchema), async (c) => {
    const data = await linkChild(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data, message: T.linked }, 201);
  })
  .delete('/users/:id/family/links/:childId', async (c) => {
    const data = await unlinkChild(c.var.ctx, c.req.param('id'), c.req.param('childId'));
    return c.json({ success: true, data, message: T.unlinked });
  })
  .get('/admin/families', validate('query', ListFamiliesQuery), async (c) => {
    const { data, pagination } = await listFamilies(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data, pagination });
  });
