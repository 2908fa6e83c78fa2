import { Hono } from 'hono';
import {
  CreateWaiverSchema,
  ListSignaturesQuery,
  RemindersSchema,
  SignWaiverSchema,
  StatusQuery,
  UpdateWaiverSchema,
} from '#core/waivers/waiver-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { sendReminders, listSignatures } from './waivers.admin.ts';
import { createWaiver, getWaiver, listVersions, listWaivers, updateWaiver } from './waivers.documents.ts';
import { signaturePdf, signWaiver, waiverStatus } from './waivers.sign.ts';

/** /api/waivers: documents and their versions, signing, the signed PDFs, and the admin's signed/missing lists and reminders. */
export const waiversRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ success: true, data: await listWaivers(c.var.ctx) }))
  .post('/', validate('json', CreateWaiverSchema), async (c) =>
    c.json({ success: true, data: await createWaiver(c.var.ctx, c.req.valid('json')), message: 'Waiver published' }, 201),
  )
  .get('/status', validate('query', StatusQuery), async (c) =>
    c.json({ success: true, data: await waiverStatus(c.var.ctx, c.req.valid('query').for) }),
  )
  .get('/signatures/:id/pdf', async (c) => {
    const { bytes, filename } = await signaturePdf(c.var.ctx, c.req.param('id'));
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'private, no-store',
      },
    });
  })
  .get('/:documentId', async (c) => c.json({ success: true, data: await getWaiver(c.var.ctx, c.req.param('documentId')) }))
  .put('/:documentId', validate('json', UpdateWaiverSchema), async (c) =>
    c.json({ success: true, data: await updateWaiver(c.var.ctx, c.req.param('documentId'), c.req.valid('json')), message: 'Waiver saved' }),
  )
  .get('/:documentId/versions', async (c) => c.json({ success: true, data: await listVersions(c.var.ctx, c.req.param('documentId')) }))
  .post('/:documentId/sign', validate('json', SignWaiverSchema), async (c) => {
    const signature = await signWaiver(c.var.ctx, c.req.param('documentId'), c.req.valid('json'), c.req.header('user-agent') ?? '');
    return c.json({ success: true, data: signature, message: 'Waiver signed' }, 201);
  })
  .get('/:documentId/signatures', validate('query', ListSignaturesQuery), async (c) => {
    const { rows, pagination, version } = await listSignatures(c.var.ctx, c.req.param('documentId'), c.req.valid('query'));
    return c.json({ success: true, data: rows, pagination, version });
  })
  .post('/:documentId/reminders', validate('json', RemindersSchema), async (c) => {
    const result = await sendReminders(c.var.ctx, c.req.param('documentId'), c.req.valid('json').userIds);
    return c.json({ success: true, data: result, message: `${result.sent} reminder(s) sent` });
  });
