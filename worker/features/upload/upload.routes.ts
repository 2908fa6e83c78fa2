import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { readBody } from '#worker/lib/body.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from './upload.rules.ts';
import { uploadMultiple, uploadSingle } from './upload.service.ts';

const single = { maxBytes: UPLOAD_LIMITS.pdfBytes, tooLargeMessage: UPLOAD_MESSAGES.fileTooLarge };
const multiple = { maxBytes: UPLOAD_LIMITS.multipleTotalBytes, tooLargeMessage: UPLOAD_MESSAGES.totalTooLarge };

export const uploadRoutes = new Hono<AppEnv>()
  .post('/single', bodyLimit(single), async (c) => {
    const data = await uploadSingle(c.var.ctx, await readBody(c.req.raw, single));
    return c.json({ success: true, data, message: UPLOAD_MESSAGES.uploaded }, 201);
  })
  .post('/multiple', bodyLimit(multiple), async (c) => {
    const data = await uploadMultiple(c.var.ctx, await readBody(c.req.raw, multiple));
    return c.json(
      { success: true, data, count: data.length, message: `${data.length} file${data.length === 1 ? '' : 's'} uploaded successfully` },
      201,
    );
  });
