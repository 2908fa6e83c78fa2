import { Hono } from 'hono';
import { HomePage } from '#web/pages/public/home-page.tsx';
import { IslandsCheckPage } from '#web/pages/public/islands-check-page.tsx';
import { UnderConstructionPage } from '#web/pages/public/under-construction-page.tsx';
import { PrivacyPolicyPage } from '#web/pages/static/privacy-policy-page.tsx';
import { TermsPage } from '#web/pages/static/terms-page.tsx';
import { DEFAULT_TAGLINE } from '#web/pages/public/home-hero.tsx';
import type { AppEnv } from '#worker/env.ts';
import { renderPage } from '#worker/pages/render.tsx';
import { contactPages } from './contact.pages.tsx';
import { contentPages } from './content.pages.tsx';
import { enrollmentPages } from './enrollment.pages.tsx';
import { loadHome } from './loaders/home.ts';
import { loadSite } from './loaders/media.ts';
import { renderNotFound } from './not-found.tsx';
import { renderPublic } from './render-public.tsx';
import { seoRoutes } from './seo.ts';
import { underConstructionView } from './under-construction.ts';

/** The public site's own pages (spec section 2): home, content, contact, legal, sitemap and robots. */
export const publicPages = new Hono<AppEnv>()
  .route('/', contentPages)
  .route('/', contactPages)
  .route('/', enrollmentPages)
  .route('/', seoRoutes)
  .get('/', async (c) => {
    const data = await loadHome(c.var.ctx);
    const { schoolName, tagline } = data.site;
    return renderPublic(c, data.site, <HomePage {...data} />, {
      title: `${schoolName} — ${tagline || 'karate classes for kids and adults'}`,
      fullTitle: true,
      description: `${(tagline || DEFAULT_TAGLINE).replace(/[.!?]+$/, '')}. Traditional karate classes for children, teens and adults at ${schoolName}: confidence, discipline and fitness with patient, certified instructors.`,
    });
  })
  .get('/legal/privacy-policy', async (c) => {
    const { site, legal } = await loadSite(c.var.ctx);
    return renderPublic(c, site, <PrivacyPolicyPage site={site} custom={{ text: legal.privacyPolicy, updatedAt: legal.updatedAt }} />, {
      title: 'Privacy Policy',
      description: `How ${site.schoolName} collects, uses, shares and protects personal information, how long it is kept and your rights.`,
    });
  })
  .get('/legal/terms-and-conditions', async (c) => {
    const { site, legal } = await loadSite(c.var.ctx);
    return renderPublic(c, site, <TermsPage site={site} custom={{ text: legal.termsAndConditions, updatedAt: legal.updatedAt }} />, {
      title: 'Terms and Conditions',
      description: `The terms for training with ${site.schoolName}: accounts, classes, memberships, payments, refunds, safety and conduct.`,
    });
  })
  .get('/under-construction', async (c) => {
    const self = new URL(c.req.url).origin;
    const origins = [self, ...(c.var.config.PUBLIC_URL ? [new URL(c.var.config.PUBLIC_URL).origin] : [])];
    const view = underConstructionView({ query: new URL(c.req.url).searchParams, referer: c.req.header('referer'), origins });
    const { site } = await loadSite(c.var.ctx);
    return renderPublic(c, site, <UnderConstructionPage {...view} site={site} />, {
      title: view.title,
      description: `This part of the ${site.schoolName} website is being built and will be available soon.`,
      noindex: true,
    });
  })
  .get('/__islands-check', (c) =>
    c.var.config.APP_ENV === 'production'
      ? renderNotFound(c)
      : renderPage(c, <IslandsCheckPage />, {
          title: 'Islands check | Dojo',
          description: 'Development check of the island mechanism.',
          noindex: true,
        }),
  );
