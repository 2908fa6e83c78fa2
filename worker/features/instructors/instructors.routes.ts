import { Hono } from 'hono';
import { INSTRUCTOR_TYPES } from '#core/enrollments/enrollment-options.ts';
import {
  AdminInstructorsQuery,
  ApproveInstructorSchema,
  CancelInstructorSchema,
  CompleteInstructorSchema,
  INSTRUCTOR_LIMITS,
  INSTRUCTOR_MESSAGES as M,
  isInstructorType,
  PublicInstructorsQuery,
  ReactivateInstructorSchema,
  RejectInstructorSchema,
  SuspendInstructorSchema,
} from '#core/enrollments/instructor-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { readBody } from '#worker/lib/body.ts';
import { badRequest } from '#worker/lib/errors.ts';
import { validate } from '#worker/lib/validate.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { applyInstructor } from './instructors.apply.ts';
import { documentResponse } from './instructors.files.ts';
import {
  approveInstructor,
  cancelInstructor,
  completeInstructor,
  deleteInstructorEnrollment,
  reactivateInstructor,
  rejectInstructor,
  suspendInstructor,
} from './instructors.moves.ts';
import { allInstructorEnrollments, getInstructorEnrollment, instructorsOfType, myInstructorEnrollments } from './instructors.read.ts';

const FORM = { maxBytes: INSTRUCTOR_LIMITS.bodyBytes, tooLargeMessage: M.bodyTooLarge, wrongTypeMessage: M.wrongType };

/** `/api/instructors` (issue 13, decision 012 "Instructors"). Fixed paths come before /:id so it cannot swallow them. */
export const instructorsRoutes = new Hono<AppEnv>()
  .post('/', bodyLimit(FORM), async (c) => {
    const enrollment = await applyInstructor(c.var.ctx, await readBody(c.req.raw, FORM));
    return c.json({ success: true, message: M.applied, data: { enrollment } }, 201);
  })
  .get('/my-enrollments', async (c) => {
    const data = await myInstructorEnrollments(c.var.ctx);
    return c.json({ success: true, data });
  })
  .get('/type/:type', validate('query', PublicInstructorsQuery), async (c) => {
    const type = c.req.param('type').trim().toLowerCase();
    if (!isInstructorType(type))
      throw badRequest(`${M.invalidType}`, [{ path: 'type', message: `Known types: ${INSTRUCTOR_TYPES.join(', ')}` }]);
    const { instructors, stats, pagination } = await instructorsOfType(c.var.ctx, type, c.req.valid('query'));
    return c.json({ success: true, data: { instructors, stats }, pagination });
  })
  .get('/admin/all', validate('query', AdminInstructorsQuery), async (c) => {
    const data = await allInstructorEnrollments(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data, pagination: data.pagination });
  })
  .get('/:id', async (c) => {
    const data = await getInstructorEnrollment(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data });
  })
  .get('/:id/documents/:index', (c) => documentResponse(c.var.ctx, c.req.param('id'), c.req.param('index')))
  .patch('/:id/cancel', validate('json', CancelInstructorSchema), async (c) => {
    const enrollment = await cancelInstructor(c.var.ctx, c.req.param('id'), c.req.valid('json').cancelReason);
    return c.json({ success: true, message: M.cancelled, data: { enrollment } });
  })
  .post('/:id/approve', validate('json', ApproveInstructorSchema), async (c) => {
    const enrollment = await approveInstructor(c.var.ctx, c.req.param('id'), c.req.valid('json').approvalNotes);
    return c.json({
      success: true,
      message: M.approved,
      data: { enrollment, instructorId: enrollment.instructorId, userRole: enrollment.userRole },
    });
  })
  .post('/:id/reject', validate('json', RejectInstructorSchema), async (c) => {
    const enrollment = await rejectInstructor(c.var.ctx, c.req.param('id'), c.req.valid('json').rejectionReason);
    return c.json({ success: true, message: M.rejected, data: { enrollment } });
  })
  .post('/:id/suspend', validate('json', SuspendInstructorSchema), async (c) => {
    const enrollment = await suspendInstructor(c.var.ctx, c.req.param('id'), c.req.valid('json').suspendReason);
    return c.json({ success: true, message: M.suspended, data: { enrollment } });
  })
  .post('/:id/reactivate', validate('json', ReactivateInstructorSchema), async (c) => {
    const enrollment = await reactivateInstructor(c.var.ctx, c.req.param('id'), c.req.valid('json').reactivateReason);
    return c.json({ success: true, message: M.reactivated, data: { enrollment } });
  })
  .post('/:id/complete', validate('json', CompleteInstructorSchema), async (c) => {
    const enrollment = await completeInstructor(c.var.ctx, c.req.param('id'), c.req.valid('json').completionNotes);
    return c.json({ success: true, message: M.completed, data: { enrollment } });
  })
  .delete('/:id', async (c) => {
    const data = await deleteInstructorEnrollment(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, message: M.deleted, data });
  });
