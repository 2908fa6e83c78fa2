import { Hono } from 'hono';
import { PutScoresSchema } from '#core/gradings/score-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { finalizeGrading } from './grading-results.finalize.ts';
import { approveGrading, reopenScoring } from './grading-results.moves.ts';
import { gradingResults } from './grading-results.read.ts';
import { getMySheet, lockSheet, putScores } from './grading-results.sheets.ts';

// Mounted at /api/gradings beside the gradings feature's own router.
export const gradingResultsRoutes = new Hono<AppEnv>()
  .get('/:id/sheet', async (c) => {
    const data = await getMySheet(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data });
  })
  .put('/:id/scores', validate('json', PutScoresSchema), async (c) => {
    const data = await putScores(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data, message: 'Scores saved' });
  })
  .post('/:id/sheets/:candidateId/lock', async (c) => {
    const data = await lockSheet(c.var.ctx, c.req.param('id'), c.req.param('candidateId'));
    return c.json({ success: true, data, message: 'Score sheet locked' });
  })
  .get('/:id/results', async (c) => {
    const { grading, results } = await gradingResults(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: results, results, grading });
  })
  .post('/:id/approve', async (c) => {
    const { grading, results } = await approveGrading(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: results, results, grading, message: 'Results approved' });
  })
  .post('/:id/reopen-scoring', async (c) => {
    const { grading, results } = await reopenScoring(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: results, results, grading, message: 'Scoring reopened' });
  })
  .post('/:id/finalize', async (c) => {
    const data = await finalizeGrading(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: 'Grading finalized' });
  });
