import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { requireUser } from '#worker/middleware/auth.ts';
import { UPLOAD_MESSAGES } from './upload.rules.ts';
import { uploadMultiple, uploadSingle } from './upload.service.ts';

export const uploadRoutes = new Hono<AppEnv>()
  .post('/single', async (c) => {
    const data = await uploadSingle({ ctx: { storage: c.env.UPLOADS, userId: requireUser(c).id }, request: c.req.raw });
    return c.json({ success: true, data, message: UPLOAD_MESSAGES.uploaded }, 201);
  })
  .post('/multiple', async (c) => {
    const data = await uploadMultiple({ ctx: { storage: c.env.UPLOADS, userId: requireUser(c).id }, request: c.req.raw });
    return c.json(
      { success: true, data, count: data.length, message: `${data.length} file${data.length === 1 ? '' : 's'} uploaded successfully` },
      201,
    );
  });
