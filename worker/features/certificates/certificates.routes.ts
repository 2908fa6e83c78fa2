import { Hono } from 'hono';
import { CERTIFICATE_MESSAGES, ListCertificatesQuery, RevokeCertificateSchema } from '#core/certificates/certificate-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { certificatePdf, getCertificate, listCertificates, revokeCertificate } from './certificates.service.ts';

/** /api/certificates: the holder's own (staff: all), the PDF, revocation. */
export const certificatesRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListCertificatesQuery), async (c) => {
    const { certificates, pagination } = await listCertificates(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: certificates, certificates, pagination });
  })
  .get('/:id', async (c) => {
    const certificate = await getCertificate(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: certificate, certificate });
  })
  .get('/:id/pdf', async (c) => {
    const { bytes, number } = await certificatePdf(c.var.ctx, c.req.param('id'));
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${number}.pdf"`,
        'cache-control': 'private, no-store',
      },
    });
  })
  .post('/:id/revoke', validate('json', RevokeCertificateSchema), async (c) => {
    const certificate = await revokeCertificate(c.var.ctx, c.req.param('id'), c.req.valid('json').reason);
    return c.json({ success: true, data: certificate, certificate, message: CERTIFICATE_MESSAGES.revoked });
  });
