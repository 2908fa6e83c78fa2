import { Hono, type Context } from 'hono';
import {
  AttendanceSchema,
  CancelGradingSchema,
  CreateGradingSchema,
  ExaminersSchema,
  GRADING_MESSAGES as M,
  InviteCandidateSchema,
  ListGradingsQuery,
  PayFeeSchema,
  RegisterSchema,
  UpdateGradingSchema,
  VerifyFeeSchema,
  WaiveSchema,
  type GradingMovePath,
} from '#core/gradings/grading-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { inviteCandidate, listCandidates, markAttendance, removeCandidate, waiveFee } from './gradings.candidates.ts';
import { confirmExaminer, setExaminers } from './gradings.examiners.ts';
import { moveGrading } from './gradings.moves.ts';
import { payFee, register, verifyFee } from './gradings.pay.ts';
import { gradingView, listGradings } from './gradings.read.ts';
import { createGrading, updateGrading } from './gradings.write.ts';

const move = (to: Exclude<GradingMovePath, 'cancel'>) => async (c: Context<AppEnv>) => {
  const grading = await moveGrading(c.var.ctx, c.req.param('id')!, to);
  return c.json({ success: true, data: grading, grading, message: M.moved });
};

/** `/api/gradings` (issue 25 §5): gradings, their moves, examiners, candidates and test fees. */
export const gradingsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListGradingsQuery), async (c) => {
    const { gradings, pagination } = await listGradings(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: gradings, gradings, pagination });
  })
  .post('/', validate('json', CreateGradingSchema), async (c) => {
    const grading = await createGrading(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data: grading, grading, message: M.created }, 201);
  })
  .get('/:id', async (c) => {
    const grading = await gradingView(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: grading, grading });
  })
  .patch('/:id', validate('json', UpdateGradingSchema), async (c) => {
    const grading = await updateGrading(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data: grading, grading, message: M.updated });
  })
  .post('/:id/open', move('open'))
  .post('/:id/lock', move('lock'))
  .post('/:id/reopen', move('reopen'))
  .post('/:id/start-scoring', move('start-scoring'))
  .post('/:id/cancel', validate('json', CancelGradingSchema), async (c) => {
    const grading = await moveGrading(c.var.ctx, c.req.param('id'), 'cancel', c.req.valid('json').reason);
    return c.json({ success: true, data: grading, grading, message: M.moved });
  })
  .put('/:id/examiners', validate('json', ExaminersSchema), async (c) => {
    const grading = await setExaminers(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data: grading, grading, message: M.examinersSaved });
  })
  .post('/:id/examiners/me/confirm', async (c) => {
    const grading = await confirmExaminer(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: grading, grading, message: M.confirmed });
  })
  .get('/:id/candidates', async (c) => {
    const data = await listCandidates(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data });
  })
  .post('/:id/candidates', validate('json', InviteCandidateSchema), async (c) => {
    const candidate = await inviteCandidate(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data: candidate, candidate, message: M.invited }, 201);
  })
  .delete('/:id/candidates/:cid', async (c) => {
    const data = await removeCandidate(c.var.ctx, c.req.param('id'), c.req.param('cid'));
    return c.json({ success: true, data, message: M.removed });
  })
  .post('/:id/register', validate('json', RegisterSchema), async (c) => {
    const data = await register(c.var.ctx, c.req.param('id'), c.req.valid('json').gateway);
    return c.json({ success: true, data, ...data, message: M.registered }, 201);
  })
  .post('/:id/candidates/:cid/pay', validate('json', PayFeeSchema), async (c) => {
    const data = await payFee(c.var.ctx, c.req.param('id'), c.req.param('cid'), c.req.valid('json').gateway);
    return c.json({ success: true, data, ...data, message: M.paymentStarted }, 201);
  })
  .post('/:id/candidates/:cid/verify-payment', validate('json', VerifyFeeSchema), async (c) => {
    const data = await verifyFee(c.var.ctx, c.req.param('id'), c.req.param('cid'), c.req.valid('json'));
    return c.json({ success: true, data, ...data, message: M.verified });
  })
  .post('/:id/candidates/:cid/waive', validate('json', WaiveSchema), async (c) => {
    const candidate = await waiveFee(c.var.ctx, c.req.param('id'), c.req.param('cid'), c.req.valid('json').reason);
    return c.json({ success: true, data: candidate, candidate, message: M.waived });
  })
  .post('/:id/candidates/:cid/attendance', validate('json', AttendanceSchema), async (c) => {
    const candidate = await markAttendance(c.var.ctx, c.req.param('id'), c.req.param('cid'), c.req.valid('json').present);
    return c.json({ success: true, data: candidate, candidate, message: M.attendance });
  });
