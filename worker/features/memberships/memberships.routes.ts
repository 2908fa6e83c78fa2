import {
  BulkDeleteMembershipsSchema,
  CreateMembershipSchema,
  ListMembershipsQuery,
  MEMBERSHIP_MESSAGES,
  UpdateMembershipSchema,
} from '#core/catalog/membership-schemas.ts';
import { catalogRoutes } from '#worker/lib/catalog/routes.ts';
import { getMembership, listMemberships } from './memberships.read.ts';
import {
  bulkDeleteMemberships,
  createMembership,
  deleteMembership,
  toggleMembershipStatus,
  updateMembership,
} from './memberships.write.ts';

export const membershipsRoutes = catalogRoutes({
  one: 'membership',
  many: 'memberships',
  bulkPath: '/',
  schemas: {
    list: ListMembershipsQuery,
    create: CreateMembershipSchema,
    update: UpdateMembershipSchema,
    bulkDelete: BulkDeleteMembershipsSchema,
  },
  messages: MEMBERSHIP_MESSAGES,
  list: (ctx, query) => listMemberships(ctx, query, false),
  listForAdmin: (ctx, query) => listMemberships(ctx, query, true),
  get: getMembership,
  create: createMembership,
  update: updateMembership,
  remove: deleteMembership,
  removeMany: bulkDeleteMemberships,
  toggle: toggleMembershipStatus,
});
