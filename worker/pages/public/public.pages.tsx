import { Hono } from 'hono';
import { HomePage } from '#web/pages/public/home-page.tsx';
import { IslandsCheckPage } from '#web/pages/public/islands-check-page.tsx';
import { UnderConstructionPage } from '#web/pages/public/under-construction-page.tsx';
import { PrivacyPolicyPage } from '#web/pages/static/privacy-policy-page.tsx';
import { TermsPage } from '#web/pages/static/terms-page.tsx';
import type { AppEnv } from '../../env.ts';
import { renderPage } from '../render.tsx';
import { renderNotFound } from './not-found.tsx';
import { underConstructionView } from './under-construction.ts';

/** The public site's own pages (spec section 2). */
export const publicPages = new Hono<AppEnv>()
  .get('/', (c) =>
    renderPage(c, <HomePage />, {
      title: 'Dojo Karate School — classes for kids and adults',
      description:
        'Traditional karate classes for children, teens and adults. Build confidence, discipline and fitness with patient, certified instructors. Book a free trial class.',
    }),
  )
  .get('/legal/privacy-policy', (c) =>
    renderPage(c, <PrivacyPolicyPage />, {
      title: 'Privacy Policy | Dojo',
      description: 'How Dojo Karate School collects, uses, shares and protects personal information, how long it is kept and your rights.',
    }),
  )
  .get('/legal/terms-and-conditions', (c) =>
    renderPage(c, <TermsPage />, {
      title: 'Terms and Conditions | Dojo',
      description: 'The terms for training with Dojo Karate School: accounts, classes, memberships, payments, refunds, safety and conduct.',
    }),
  )
  .get('/under-construction', (c) => {
    const self = new URL(c.req.url).origin;
    const origins = [self, ...(c.var.config.PUBLIC_URL ? [new URL(c.var.config.PUBLIC_URL).origin] : [])];
    const view = underConstructionView({ query: new URL(c.req.url).searchParams, referer: c.req.header('referer'), origins });
    return renderPage(c, <UnderConstructionPage {...view} />, {
      title: `${view.title} | Dojo`,
      description: 'This part of the Dojo Karate School website is being built and will be available soon.',
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
