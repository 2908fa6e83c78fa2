import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#db/seed/accounts.ts';
import { catalogSeeder, DEMO_COURSES } from '#db/seed/catalog.ts';
import { DEMO_POSTS, DEMO_VIDEO, mediaSeeder } from '#db/seed/media.ts';
import { DEMO_PRODUCTS, productsSeeder } from '#db/seed/products.ts';
import { settingsSeeder } from '#db/seed/settings.ts';
import type { SeedDb } from '#db/seed/types.ts';
import { ILLUSTRATION_ALT } from '#web/components/illustrations.ts';
import { createUser, testDb } from '#test/helpers.ts';
import { meta, page } from './page-test-kit.ts';

/** The demo's pictures and video as a visitor gets them: each served with its type, each described where it is shown. */
const fetchFile = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(new Request(`http://dojo.test${path}`, { headers }));

const decode = (s: string) =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');
/** The first <img> whose src is `src`, with its alt; null when the page has none. */
function imgOf(html: string, src: string): { alt: string } | null {
  const tag = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(` src="${src}"`));
  if (!tag) return null;
  return { alt: decode(/ alt="([^"]*)"/.exec(tag)?.[1] ?? '') };
}

async function expectServed(src: string, type: string) {
  const res = await fetchFile(src);
  expect({ src, status: res.status, type: res.headers.get('content-type') }).toEqual({ src, status: 200, type });
  await res.body?.cancel();
}

const TEACHERS = DEMO_ACCOUNTS.filter((a) => a.picture);

beforeAll(async () => {
  const seed = { db: testDb() as unknown as SeedDb, log: () => {} };
  for (const seeder of [settingsSeeder, catalogSeeder, productsSeeder, mediaSeeder]) await seeder.run(seed);
  for (const t of TEACHERS) await createUser({ role: t.role, profile: t.profile, profilePicture: t.picture! });
}, 60_000);

describe("the demo seed's pictures", () => {
  it('give every course its own drawing, served as SVG and described on the course page', async () => {
    expect(new Set(DEMO_COURSES.map((c) => c.image)).size).toBe(DEMO_COURSES.length);
    for (const c of DEMO_COURSES) {
      const src = c.image!;
      await expectServed(src, 'image/svg+xml');
      const { html } = await page(`/courses/${c.slug}`);
      const img = imgOf(html, src);
      expect({ course: c.slug, alt: img?.alt }).toEqual({ course: c.slug, alt: ILLUSTRATION_ALT[src] });
      expect(img!.alt.length).toBeGreaterThan(20);
      // Link previews take no SVG: the page offers none rather than one platforms cannot show.
      expect([meta(html, 'og:image'), meta(html, 'twitter:card')]).toEqual([undefined, 'summary']);
    }
  });

  it('give every product its own picture, served and named on its page', async () => {
    const pictures = DEMO_PRODUCTS.map((p) => p.images?.[0]);
    expect(pictures.every(Boolean)).toBe(true);
    expect(new Set(pictures).size).toBe(DEMO_PRODUCTS.length);
    for (const p of DEMO_PRODUCTS) {
      const src = p.images![0]!;
      await expectServed(src, 'image/svg+xml');
      if (p.isActive === false) continue;
      const img = imgOf((await page(`/shop/${p.id}`)).html, src);
      expect({ product: p.id, alt: img?.alt }).toEqual({ product: p.id, alt: p.name });
    }
  });

  it('give every post a cover, described on the published ones', async () => {
    expect(new Set(DEMO_POSTS.map((p) => p.coverImageKey)).size).toBe(DEMO_POSTS.length);
    for (const p of DEMO_POSTS) {
      const src = p.coverImageKey!;
      await expectServed(src, 'image/svg+xml');
      if (p.status !== 'published') continue;
      const img = imgOf((await page(`/blog/${p.slug}`)).html, src);
      expect({ post: p.slug, alt: img?.alt }).toEqual({ post: p.slug, alt: ILLUSTRATION_ALT[src] });
    }
  });

  it('show each teacher with an illustrated portrait on the about page, described, and what they teach', async () => {
    const { html } = await page('/about');
    expect(html).toContain('Who teaches here');
    for (const t of TEACHERS) {
      await expectServed(t.picture!, 'image/svg+xml');
      const img = imgOf(html, t.picture!);
      expect({ teacher: t.email, alt: img?.alt }).toEqual({ teacher: t.email, alt: ILLUSTRATION_ALT[t.picture!] });
      expect(img!.alt).toContain(`${t.profile!.firstName} ${t.profile!.lastName}`);
    }
    expect(html).toContain('Teaches Kids Karate (6–9), Practical Self-Defence');
  });

  it('show no one else as a teacher: not a blocked or deactivated instructor, nor a student with a teacher’s name', async () => {
    const name = { firstName: 'Maya', lastName: 'Ito' };
    await createUser({ role: 'instructor', profile: name, profilePicture: '/images/product-gi.svg', blockedAt: new Date() });
    await createUser({ role: 'instructor', profile: name, profilePicture: '/images/product-belt.svg', deactivatedAt: new Date() });
    await createUser({ role: 'student', profile: name, profilePicture: '/images/product-bag.svg' });
    const { html } = await page('/about');
    expect(imgOf(html, '/images/instructor-maya-ito.svg')).not.toBeNull();
    for (const src of ['/images/product-gi.svg', '/images/product-belt.svg', '/images/product-bag.svg'])
      expect(imgOf(html, src)).toBeNull();
  });
});

describe("the gallery's video", () => {
  it('is a tile that opens the WebM file, shows its poster and names the video', async () => {
    let html = '';
    for (let p = 1; p <= 20 && !html.includes(`href="${DEMO_VIDEO.externalUrlLink}"`); p++) html = (await page(`/gallery?page=${p}`)).html;
    const tile = new RegExp(
      `<a class="gallery-link gallery-video gallery-video-poster" href="${DEMO_VIDEO.externalUrlLink}"><img src="/video/kata-sequence.webp" alt="" width="960" height="540"[^>]*>`,
    );
    expect(html).toMatch(tile);
    expect(html).toContain('Kata sequence (video)');
    expect(html).toContain('"kind":"video"');
    await expectServed('/video/kata-sequence.webp', 'image/webp');
  });

  it('is served as video/webm, whole or by byte range for seeking and Safari', async () => {
    const whole = await fetchFile('/video/kata-sequence.webm');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(bytes.byteLength).toBeLessThan(1024 * 1024);

    const head = await fetchFile('/video/kata-sequence.webm', { range: 'bytes=0-99' });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-99/${bytes.byteLength}`);
    expect(new Uint8Array(await head.arrayBuffer())).toEqual(bytes.subarray(0, 100));

    const tail = await fetchFile('/video/kata-sequence.webm', { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.byteLength - 10));

    const beyond = await fetchFile('/video/kata-sequence.webm', { range: `bytes=${bytes.byteLength}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.byteLength}`);
  });
});
