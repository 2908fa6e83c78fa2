import { Hono } from 'hono';
import {
  AdminCourseEnrollmentsQuery,
  ApproveEnrollmentSchema,
  BulkDeleteEnrollmentsSchema,
  CancelEnrollmentSchema,
  CreateCourseEnrollmentSchema,
  MyCourseEnrollmentsQuery,
  RejectEnrollmentSchema,
  RenewCourseEnrollmentSchema,
  VerifyEnrollmentPaymentSchema,
} from '#core/enrollments/course-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { createEnrollment } from './enrollments.create.ts';
import { bulkDeleteEnrollments, deleteEnrollment } from './enrollments.delete.ts';
import { approveEnrollment, cancelEnrollment, rejectEnrollment } from './enrollments.moves.ts';
import { paymentMethods } from '#worker/lib/payments/methods.ts';
import { allEnrollments, getEnrollment, myEnrollments } from './enrollments.read.ts';
import { renewEnrollment } from './enrollments.renew.ts';
import { verifyEnrollmentPayment } from './enrollments.verify.ts';

const plural = (n: number) => `${n} enrollment${n === 1 ? '' : 's'}`;

/** `/api/enroll` (issue 13, decision 012). Fixed paths come before /:id so it cannot swallow them. */
export const enrollmentsRoutes = new Hono<AppEnv>()
  .post('/', validate('json', CreateCourseEnrollmentSchema), async (c) => {
    const input = c.req.valid('json');
    const data = await createEnrollment(c.var.ctx, input);
    const message = input.isRetry ? 'Payment started' : 'Enrollment created successfully';
    return c.json({ success: true, message, data }, 201);
  })
  .post('/verify-payment', validate('json', VerifyEnrollmentPaymentSchema), async (c) => {
    const data = await verifyEnrollmentPayment(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, message: 'Payment verified', data });
  })
  .get('/my-enrollments', validate('query', MyCourseEnrollmentsQuery), async (c) => {
    const { data, pagination } = await myEnrollments(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data, pagination });
  })
  .get('/payment-methods', async (c) => {
    return c.json({ success: true, data: await paymentMethods(c.var.ctx) });
  })
  .get('/admin/all', validate('query', AdminCourseEnrollmentsQuery), async (c) => {
    const { data, pagination, stats } = await allEnrollments(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data, pagination, stats });
  })
  .delete('/bulk/delete', validate('json', BulkDeleteEnrollmentsSchema), async (c) => {
    const data = await bulkDeleteEnrollments(c.var.ctx, c.req.valid('json').enrollmentIds);
    return c.json({ success: true, data, count: data.deletedCount, message: `${plural(data.deletedCount)} deleted successfully` });
  })
  .get('/:id', async (c) => {
    return c.json({ success: true, data: await getEnrollment(c.var.ctx, c.req.param('id')) });
  })
  .post('/:id/renew', validate('json', RenewCourseEnrollmentSchema), async (c) => {
    const data = await renewEnrollment(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, message: 'Renewal created', data }, 201);
  })
  .patch('/:id/cancel', validate('json', CancelEnrollmentSchema), async (c) => {
    const data = await cancelEnrollment(c.var.ctx, c.req.param('id'), c.req.valid('json').cancelReason);
    return c.json({ success: true, message: 'Enrollment cancelled successfully', data });
  })
  .post('/:id/approve', validate('json', ApproveEnrollmentSchema), async (c) => {
    const data = await approveEnrollment(c.var.ctx, c.req.param('id'), c.req.valid('json').approvalNotes);
    return c.json({ success: true, message: 'Enrollment approved successfully', data });
  })
  .post('/:id/reject', validate('json', RejectEnrollmentSchema), async (c) => {
    const data = await rejectEnrollment(c.var.ctx, c.req.param('id'), c.req.valid('json').rejectionReason);
    return c.json({ success: true, message: 'Enrollment rejected', data });
  })
  .delete('/:id', async (c) => {
    const data = await deleteEnrollment(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: 'Enrollment deleted successfully' });
  });
