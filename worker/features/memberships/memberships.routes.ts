import { Hono } from 'hono';
import {
  BulkDeleteMembershipsSchema,
  CreateMembershipSchema,
  ListMembershipsQuery,
  MEMBERSHIP_MESSAGES,
  UpdateMembershipSchema,
} from '#core/catalog/membership-schemas.ts';
import type { AppEnv } from '../../env.ts';
import { validate } from '../../lib/validate.ts';
import { readCatalogBody } from '../courses/catalog-body.ts';
import { catalogCtx } from '../courses/catalog-ctx.ts';
import { getMembership, listMemberships } from './memberships.read.ts';
import {
  bulkDeleteMemberships,
  createMembership,
  deleteMembership,
  toggleMembershipStatus,
  updateMembership,
} from './memberships.write.ts';

const plural = (n: number) => `${n} membership${n === 1 ? '' : 's'}`;

// /admin comes before /:id so it cannot be taken for an id.
export const membershipsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListMembershipsQuery), async (c) => {
    const { memberships, pagination } = await listMemberships({ ctx: catalogCtx(c), query: c.req.valid('query'), admin: false });
    return c.json({ success: true, data: memberships, memberships, pagination });
  })
  .get('/admin', validate('query', ListMembershipsQuery), async (c) => {
    const { memberships, pagination, summary } = await listMemberships({ ctx: catalogCtx(c), query: c.req.valid('query'), admin: true });
    return c.json({ success: true, data: memberships, memberships, pagination, summary });
  })
  .post('/', async (c) => {
    const { input, image } = await readCatalogBody(c.req.raw, CreateMembershipSchema, { image: true });
    const membership = await createMembership({ ctx: catalogCtx(c), input, image });
    return c.json({ success: true, data: membership, membership, message: MEMBERSHIP_MESSAGES.created }, 201);
  })
  .delete('/', validate('json', BulkDeleteMembershipsSchema), async (c) => {
    const { deletedCount, deletedIds } = await bulkDeleteMemberships({ ctx: catalogCtx(c), ids: c.req.valid('json').membershipIds });
    return c.json({
      success: true,
      data: { deletedCount, deletedIds },
      count: deletedCount,
      message: `${plural(deletedCount)} deleted successfully`,
    });
  })
  .get('/:id', async (c) => {
    const membership = await getMembership({ ctx: catalogCtx(c), id: c.req.param('id') });
    return c.json({ success: true, data: membership, membership });
  })
  .put('/:id', async (c) => {
    const { input, image } = await readCatalogBody(c.req.raw, UpdateMembershipSchema, { image: true });
    const membership = await updateMembership({ ctx: catalogCtx(c), id: c.req.param('id'), input, image });
    return c.json({ success: true, data: membership, membership, message: MEMBERSHIP_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteMembership({ ctx: catalogCtx(c), id: c.req.param('id') });
    return c.json({ success: true, data, message: MEMBERSHIP_MESSAGES.deleted });
  })
  .patch('/:id/toggle-status', async (c) => {
    const membership = await toggleMembershipStatus({ ctx: catalogCtx(c), id: c.req.param('id') });
    const message = membership.isActive ? MEMBERSHIP_MESSAGES.activated : MEMBERSHIP_MESSAGES.deactivated;
    return c.json({ success: true, data: membership, membership, message });
  });
