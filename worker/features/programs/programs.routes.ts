import { Hono } from 'hono';
import {
  CreateProgramSchema,
  CreateRankSchema,
  ListProgramsQuery,
  PROGRAM_MESSAGES as M,
  PutRequirementsSchema,
  PutTechniquesSchema,
  ReorderRanksSchema,
  UpdateProgramSchema,
  UpdateRankSchema,
} from '#core/progression/program-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { getProgramWithLadder, listPrograms } from './programs.read.ts';
import { createRank, deleteRank, putRequirements, putTechniques, reorderRanks, updateRank } from './programs.ranks.ts';
import { createProgram, deleteProgram, updateProgram } from './programs.write.ts';

/** Issue 25 §1: programs and their ordered ladders. /ranks/reorder comes before /ranks/:rankId. */
export const programsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListProgramsQuery), async (c) => {
    const programs = await listPrograms(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: programs, programs });
  })
  .post('/', validate('json', CreateProgramSchema), async (c) => {
    const program = await createProgram(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data: program, program, message: M.programCreated }, 201);
  })
  .get('/:slug', async (c) => {
    const { program: p, ranks } = await getProgramWithLadder(c.var.ctx, c.req.param('slug'));
    const program = { ...p, ranks };
    return c.json({ success: true, data: program, program });
  })
  .patch('/:slug', validate('json', UpdateProgramSchema), async (c) => {
    const program = await updateProgram(c.var.ctx, c.req.param('slug'), c.req.valid('json'));
    return c.json({ success: true, data: program, program, message: M.programUpdated });
  })
  .delete('/:slug', async (c) => {
    const data = await deleteProgram(c.var.ctx, c.req.param('slug'));
    return c.json({ success: true, data, message: M.programDeleted });
  })
  .get('/:slug/ranks', async (c) => {
    const { ranks } = await getProgramWithLadder(c.var.ctx, c.req.param('slug'));
    return c.json({ success: true, data: ranks, ranks });
  })
  .post('/:slug/ranks', validate('json', CreateRankSchema), async (c) => {
    const rank = await createRank(c.var.ctx, c.req.param('slug'), c.req.valid('json'));
    return c.json({ success: true, data: rank, rank, message: M.rankCreated }, 201);
  })
  .post('/:slug/ranks/reorder', validate('json', ReorderRanksSchema), async (c) => {
    await reorderRanks(c.var.ctx, c.req.param('slug'), c.req.valid('json').rankIds);
    const { ranks } = await getProgramWithLadder(c.var.ctx, c.req.param('slug'));
    return c.json({ success: true, data: ranks, ranks, message: M.reordered });
  })
  .patch('/:slug/ranks/:rankId', validate('json', UpdateRankSchema), async (c) => {
    const rank = await updateRank(c.var.ctx, c.req.param('slug'), c.req.param('rankId'), c.req.valid('json'));
    return c.json({ success: true, data: rank, rank, message: M.rankUpdated });
  })
  .delete('/:slug/ranks/:rankId', async (c) => {
    const data = await deleteRank(c.var.ctx, c.req.param('slug'), c.req.param('rankId'));
    return c.json({ success: true, data, message: M.rankDeleted });
  })
  .put('/:slug/ranks/:rankId/requirements', validate('json', PutRequirementsSchema), async (c) => {
    const rank = await putRequirements(c.var.ctx, c.req.param('slug'), c.req.param('rankId'), c.req.valid('json').requirements);
    return c.json({ success: true, data: rank, rank, message: M.requirementsSaved });
  })
  .put('/:slug/ranks/:rankId/techniques', validate('json', PutTechniquesSchema), async (c) => {
    const rank = await putTechniques(c.var.ctx, c.req.param('slug'), c.req.param('rankId'), c.req.valid('json').techniques);
    return c.json({ success: true, data: rank, rank, message: M.techniquesSaved });
  });
