import { Hono } from 'hono';
import { EnrollmentCompletePage } from '#web/pages/public/enrollment-complete-page.tsx';
import { TeachPage } from '#web/pages/public/teach-page.tsx';
import type { AppEnv } from '#worker/env.ts';
import { loadSite } from './loaders/media.ts';
import { renderPublic } from './render-public.tsx';

/** The enrolments' own public pages: the payment returns (decision 012) and the application to teach. */
export const enrollmentPages = new Hono<AppEnv>()
  .get('/enroll/complete', async (c) => {
    const { site } = await loadSite(c.var.ctx);
    return renderPublic(c, site, <EnrollmentCompletePage site={site} kind="course" />, {
      title: 'Your enrolment',
      description: 'Your course enrolment and its payment.',
      noindex: true,
    });
  })
  .get('/memberships/complete', async (c) => {
    const { site } = await loadSite(c.var.ctx);
    return renderPublic(c, site, <EnrollmentCompletePage site={site} kind="membership" />, {
      title: 'Your membership',
      description: 'Your membership and its payment.',
      noindex: true,
    });
  })
  .get('/teach', async (c) => {
    const { site } = await loadSite(c.var.ctx);
    return renderPublic(c, site, <TeachPage site={site} />, {
      title: 'Teach at the dojo',
      description: `Apply to teach karate at ${site.schoolName}: assistant, instructor, senior and guest instructors. Free to apply, reviewed by the school.`,
    });
  });
