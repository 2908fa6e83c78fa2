import { Hono } from 'hono';
import { AcceptInvitePage } from '#web/pages/family/accept-invite-page.tsx';
import type { AppEnv } from '#worker/env.ts';
import { loadSite } from './public/loaders/media.ts';
import { renderPublic } from './public/render-public.tsx';

/** The family pages outside the panel: the second guardian's invitation link (its island calls POST /api/family/invites/accept). */
export const familyPages = new Hono<AppEnv>().get('/family/accept', async (c) => {
  const { site } = await loadSite(c.var.ctx);
  const token = (c.req.query('token') ?? '').trim().slice(0, 256);
  return renderPublic(c, site, <AcceptInvitePage site={site} token={token} />, {
    title: 'Join a family',
    description: 'Accept an invitation to be a guardian in a family at the dojo.',
    noindex: true,
    path: '/family/accept',
  });
});
