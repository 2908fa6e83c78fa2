import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { readBody } from '#worker/lib/body.ts';
import { validate } from '#worker/lib/validate.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { BulkDeleteFileUploadsInput, FILE_UPLOAD_LIMITS, FILE_UPLOAD_MESSAGES as M, FileUploadListQuery } from './file-uploads.input.ts';
import { getFileUpload, listFileUploads } from './file-uploads.read.ts';
import { bulkDeleteFileUploads, createFileUpload, deleteFileUpload, updateFileUpload } from './file-uploads.write.ts';

/** Limits of POST/PUT: files and fields together (JSON, which carries no files, at most 256 KB). */
const FORM = {
  maxBytes: FILE_UPLOAD_LIMITS.bodyBytes,
  tooLargeMessage: M.bodyTooLarge,
  jsonMaxBytes: 256 * 1024,
  jsonTooLargeMessage: 'The request body is too large',
  wrongTypeMessage: 'Send the form as multipart/form-data (or JSON without files)',
};
const plural = (n: number) => `${n} file upload${n === 1 ? '' : 's'}`;

export const fileUploadsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', FileUploadListQuery), async (c) => {
    const { uploads, pagination } = await listFileUploads(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: uploads, pagination });
  })
  .post('/', bodyLimit(FORM), async (c) => {
    const upload = await createFileUpload(c.var.ctx, await readBody(c.req.raw, FORM));
    return c.json({ success: true, data: upload, message: M.created }, 201);
  })
  .delete('/', validate('json', BulkDeleteFileUploadsInput), async (c) => {
    const { deletedCount } = await bulkDeleteFileUploads(c.var.ctx, c.req.valid('json').uploadIds);
    return c.json({ success: true, data: { deletedCount }, count: deletedCount, message: `${plural(deletedCount)} deleted successfully` });
  })
  .get('/:id', async (c) => {
    const upload = await getFileUpload(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: upload });
  })
  .put('/:id', bodyLimit(FORM), async (c) => {
    const upload = await updateFileUpload(c.var.ctx, c.req.param('id'), await readBody(c.req.raw, FORM));
    return c.json({ success: true, data: upload, message: M.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteFileUpload(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: M.deleted });
  });
