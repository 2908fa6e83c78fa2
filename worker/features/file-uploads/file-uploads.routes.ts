import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { fileUploadsCtx } from './file-uploads.context.ts';
import { BulkDeleteFileUploadsInput, FILE_UPLOAD_MESSAGES as M, FileUploadListQuery } from './file-uploads.input.ts';
import { getFileUpload, listFileUploads } from './file-uploads.read.ts';
import { bulkDeleteFileUploads, createFileUpload, deleteFileUpload, updateFileUpload } from './file-uploads.write.ts';

const plural = (n: number) => `${n} file upload${n === 1 ? '' : 's'}`;

export const fileUploadsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', FileUploadListQuery), async (c) => {
    const { uploads, pagination } = await listFileUploads({ ctx: fileUploadsCtx(c), query: c.req.valid('query') });
    return c.json({ success: true, data: uploads, pagination });
  })
  .post('/', async (c) => {
    const upload = await createFileUpload({ ctx: fileUploadsCtx(c), request: c.req.raw });
    return c.json({ success: true, data: upload, message: M.created }, 201);
  })
  .delete('/', validate('json', BulkDeleteFileUploadsInput), async (c) => {
    const { deletedCount } = await bulkDeleteFileUploads({ ctx: fileUploadsCtx(c), ids: c.req.valid('json').uploadIds });
    return c.json({ success: true, data: { deletedCount }, count: deletedCount, message: `${plural(deletedCount)} deleted successfully` });
  })
  .get('/:id', async (c) => {
    const upload = await getFileUpload({ ctx: fileUploadsCtx(c), id: c.req.param('id') });
    return c.json({ success: true, data: upload });
  })
  .put('/:id', async (c) => {
    const upload = await updateFileUpload({ ctx: fileUploadsCtx(c), id: c.req.param('id'), request: c.req.raw });
    return c.json({ success: true, data: upload, message: M.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteFileUpload({ ctx: fileUploadsCtx(c), id: c.req.param('id') });
    return c.json({ success: true, data, message: M.deleted });
  });
