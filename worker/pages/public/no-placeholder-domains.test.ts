import { describe, expect, it } from 'vitest';
import { catalogSeeder, DEMO_COURSES } from '#db/seed/catalog.ts';
import { demoEnquiries } from '#db/seed/enquiries.ts';
import { DEMO_ALLIANCES, DEMO_POSTS, mediaSeeder } from '#db/seed/media.ts';
import { demoEvents } from '#db/seed/schedule.ts';
import { settingsSeeder } from '#db/seed/settings.ts';
import type { SeedDb } from '#db/seed/types.ts';
import { testDb } from '#test/helpers.ts';
import { page } from './page-test-kit.ts';

const PLACEHOLDER = /example\.(com|org)/i;

describe('the public site from the demo seed', () => {
  it('names no example.com or example.org on any page, and registers for events inside the site', { timeout: 60_000 }, async () => {
    const seed = { db: testDb() as unknown as SeedDb, log: () => {} };
    for (const seeder of [settingsSeeder, catalogSeeder, mediaSeeder]) await seeder.run(seed);
    const [event] = demoEvents();
    const paths = [
      '/',
      '/about',
      '/courses',
      `/courses/${DEMO_COURSES[0]!.slug}`,
      '/memberships',
      '/classes',
      '/events',
      `/events/${event!.id}`,
      '/gallery',
      '/blog',
      `/blog/${DEMO_POSTS[0]!.slug}`,
      '/testimonials',
      '/alliances',
      '/contact',
      '/legal/privacy-policy',
      '/legal/terms-and-conditions',
      '/auth/login',
      '/no/such/page',
    ];
    for (const path of paths) {
      const { res, html } = await page(path);
      expect({ path, status: res.status }).toEqual({ path, status: path === '/no/such/page' ? 404 : 200 });
      expect({ path, placeholder: html.match(PLACEHOLDER)?.[0] ?? null }).toEqual({ path, placeholder: null });
    }

    const { html } = await page(`/events/${event!.id}`);
    const subject = encodeURIComponent(`Register: ${event!.title}`);
    expect(html).toContain(`<a class="btn btn-primary btn-block" href="/contact?subject=${subject}">Register</a>`);
    const contact = await page(`/contact?subject=${subject}`);
    expect(contact.html).toContain(`value="Register: ${event!.title}"`);

    // The demo alliances have no website of their own: each is shown, and none links out.
    const alliances = (await page('/alliances')).html;
    for (const a of DEMO_ALLIANCES) expect(alliances).toContain(a.name);
    expect(DEMO_ALLIANCES.map((a) => a.website ?? null)).toEqual(DEMO_ALLIANCES.map(() => null));
  });

  it('writes no example.com or example.org in the seeded events, alliances or enquiries', () => {
    const seeded = JSON.stringify([demoEvents(), DEMO_ALLIANCES, demoEnquiries(Date.now())]);
    expect(seeded).not.toMatch(PLACEHOLDER);
  });
});
