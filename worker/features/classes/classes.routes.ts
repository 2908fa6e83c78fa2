import { Hono } from 'hono';
import {
  CLASS_MESSAGES,
  classUpdatedMessage,
  CreateClassSchema,
  ListClassesQuery,
  UpdateClassSchema,
} from '#core/catalog/class-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { readBody } from '#worker/lib/body.ts';
import { CATALOG_BODY } from '#worker/lib/catalog/input.ts';
import { parseInput, validate } from '#worker/lib/validate.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { createClass, deleteClass, listClasses, updateClass } from './classes.service.ts';

export const classesRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListClassesQuery), async (c) => {
    const { classes, pagination } = await listClasses(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: classes, classes, pagination });
  })
  .post('/', bodyLimit(CATALOG_BODY), async (c) => {
    const input = parseInput(CreateClassSchema, (await readBody(c.req.raw, CATALOG_BODY)).fields);
    const { class: data, sessions } = await createClass(c.var.ctx, input);
    return c.json({ success: true, data, class: data, sessions, message: CLASS_MESSAGES.created }, 201);
  })
  .put('/:id', bodyLimit(CATALOG_BODY), async (c) => {
    const input = parseInput(UpdateClassSchema, (await readBody(c.req.raw, CATALOG_BODY)).fields);
    const { class: data, sessions } = await updateClass(c.var.ctx, c.req.param('id'), input);
    const message = classUpdatedMessage(sessions.kept.length, sessions.cancelled);
    return c.json({ success: true, data, class: data, sessions, message });
  })
  .delete('/:id', async (c) => {
    const data = await deleteClass(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: CLASS_MESSAGES.deleted });
  });
