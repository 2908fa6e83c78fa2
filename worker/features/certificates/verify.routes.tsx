import { Hono } from 'hono';
import { CertificateVerifyPage } from '#web/pages/public/certificate-verify-page.tsx';
import type { AppEnv } from '#worker/env.ts';
import { VC_JWT_TYPE } from '#worker/lib/certificates/signing.ts';
import { renderNotFound } from '#worker/pages/public/not-found.tsx';
import { renderPublic } from '#worker/pages/public/render-public.tsx';
import { siteOrigin } from '#worker/pages/public/site.ts';
import { loadVerifyPage, verifyCredential, verifyJwks, verifyIssuer } from './verify.service.ts';

/** What the caller asked for: the signed credential, its JSON-LD, or the page (browsers, and anything else). */
function wanted(accept: string | undefined): 'jwt' | 'json' | 'page' {
  const types = (accept ?? '').toLowerCase();
  if (types.includes(`application/${VC_JWT_TYPE}`)) return 'jwt';
  if (types.includes('application/ld+json') || types.includes('application/vc+ld+json')) return 'json';
  return 'page';
}

/**
 * The public side of certificates: /verify/:id (no JavaScript; the credential by content negotiation),
 * the signing keys and the issuer profile that credentials point at.
 */
export const verifyRoutes = new Hono<AppEnv>()
  .get('/verify/:id', async (c) => {
    c.header('vary', 'Accept');
    const as = wanted(c.req.header('accept'));
    if (as !== 'page') {
      const credential = await verifyCredential(c.var.ctx, c.req.param('id'), as);
      return c.body(typeof credential === 'string' ? credential : JSON.stringify(credential), 200, {
        'content-type': as === 'jwt' ? `application/${VC_JWT_TYPE}` : 'application/ld+json',
        'cache-control': 'no-store',
      });
    }
    const loaded = await loadVerifyPage(c.var.ctx, c.req.param('id'), new URL(siteOrigin(c)).host);
    if (!loaded.cert) return renderNotFound(c, loaded.site);
    return renderPublic(c, loaded.site, <CertificateVerifyPage site={loaded.site} cert={loaded.cert} />, {
      title: `Certificate ${loaded.cert.number}`,
      description: `Check a rank certificate issued by ${loaded.site.schoolName}: who holds it, which rank, and whether it is still valid.`,
      noindex: true,
      noScripts: true,
    });
  })
  .get('/.well-known/jwks.json', async (c) => {
    c.header('cache-control', 'public, max-age=300');
    return c.json(await verifyJwks(c.var.ctx));
  })
  .get('/issuer', async (c) => c.json(await verifyIssuer(c.var.ctx)));
