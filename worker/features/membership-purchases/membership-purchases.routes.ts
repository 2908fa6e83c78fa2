import { Hono } from 'hono';
import {
  AdminMembershipsQuery,
  ApproveMembershipSchema,
  BulkDeleteMembershipsSchema,
  CancelMembershipSchema,
  MEMBERSHIP_PURCHASE_MESSAGES as M,
  MyMembershipsQuery,
  PayMembershipSchema,
  RejectMembershipSchema,
  RenewMembershipSchema,
  ValidateMembershipCouponSchema,
  VerifyMembershipPaymentSchema,
} from '#core/enrollments/membership-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { purchaseMembership } from './membership-purchases.create.ts';
import { MAX_PURCHASE_BODY_BYTES } from './membership-purchases.files.ts';
import { bulkDeleteMembershipEnrollments, deleteMembershipEnrollment } from './membership-purchases.delete.ts';
import { approveMembership, cancelMembership, rejectMembership } from './membership-purchases.moves.ts';
import { payAgain } from './membership-purchases.pay.ts';
import { validateMembershipCoupon } from './membership-purchases.pricing.ts';
import {
  allMemberships,
  documentResponse,
  getMembershipEnrollment,
  myMemberships,
  membershipPaymentMethods,
  publicMembers,
} from './membership-purchases.read.ts';
import { renewMembership } from './membership-purchases.renew.ts';
import { verifyMembershipPayment } from './membership-purchases.verify.ts';

const plural = (n: number) => `${n} membership enrollment${n === 1 ? '' : 's'}`;

/** `/api/purchase-membership` (issue 13, decision 012). Fixed paths come before /:id so it cannot swallow them. */
export const membershipPurchasesRoutes = new Hono<AppEnv>()
  .get('/public-members', async (c) => c.json({ success: true, data: await publicMembers(c.var.ctx) }))
  .get('/payment-methods', async (c) => c.json({ success: true, data: await membershipPaymentMethods(c.var.ctx) }))
  .post('/', bodyLimit({ maxBytes: MAX_PURCHASE_BODY_BYTES, tooLargeMessage: M.tooLarge }), async (c) => {
    const data = await purchaseMembership(c.var.ctx, c.req.raw);
    return c.json({ success: true, message: M.created, data }, 201);
  })
  .post('/validate-coupon', validate('json', ValidateMembershipCouponSchema), async (c) => {
    const data = await validateMembershipCoupon(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data });
  })
  .post('/verify-payment', validate('json', VerifyMembershipPaymentSchema), async (c) => {
    const data = await verifyMembershipPayment(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, message: M.verified, data });
  })
  .get('/my-enrollments', validate('query', MyMembershipsQuery), async (c) => {
    const { data, pagination, stats } = await myMemberships(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data, pagination, stats });
  })
  .get('/admin/all', validate('query', AdminMembershipsQuery), async (c) => {
    const { data, pagination, stats } = await allMemberships(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data, pagination, stats });
  })
  .delete('/bulk/delete', validate('json', BulkDeleteMembershipsSchema), async (c) => {
    const data = await bulkDeleteMembershipEnrollments(c.var.ctx, c.req.valid('json').enrollmentIds);
    return c.json({ success: true, data, count: data.deletedCount, message: `${plural(data.deletedCount)} deleted successfully` });
  })
  .get('/:id', async (c) => c.json({ success: true, data: await getMembershipEnrollment(c.var.ctx, c.req.param('id')) }))
  .get('/:id/documents/:index', (c) => documentResponse(c.var.ctx, c.req.param('id'), c.req.param('index')))
  .post('/:id/renew', validate('json', RenewMembershipSchema), async (c) => {
    const data = await renewMembership(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, message: M.renewed, data }, 201);
  })
  .post('/:id/pay', validate('json', PayMembershipSchema), async (c) => {
    const data = await payAgain(c.var.ctx, c.req.param('id'), c.req.valid('json').paymentMethod);
    return c.json({ success: true, message: M.paymentStarted, data }, 201);
  })
  .patch('/:id/cancel', validate('json', CancelMembershipSchema), async (c) => {
    const data = await cancelMembership(c.var.ctx, c.req.param('id'), c.req.valid('json').cancelReason);
    return c.json({ success: true, message: M.cancelled, data });
  })
  .post('/:id/approve', validate('json', ApproveMembershipSchema), async (c) => {
    const data = await approveMembership(c.var.ctx, c.req.param('id'), c.req.valid('json').approvalNotes);
    return c.json({ success: true, message: M.approved, data });
  })
  .post('/:id/reject', validate('json', RejectMembershipSchema), async (c) => {
    const data = await rejectMembership(c.var.ctx, c.req.param('id'), c.req.valid('json').rejectionReason);
    return c.json({ success: true, message: M.rejected, data });
  })
  .delete('/:id', async (c) => {
    const data = await deleteMembershipEnrollment(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: M.deleted });
  });
