import { describe, expect, it } from 'vitest';
import { addAlliance, addAsset, addChart, addCourse, addEvent, addPost, addSeminar, addTestimonial, FUTURE, tag } from './page-fixtures.ts';
import { canonicalOf, count, meta, page } from './page-test-kit.ts';

describe('/events and /events/:id', () => {
  it('lists upcoming events and seminars, past ones in the smaller list, and hides inactive ones', async () => {
    const soon = await addEvent(1);
    const seminar = await addSeminar(3);
    const past = await addEvent(-48 * 365 * 30);
    const hidden = await addEvent(2, { isActive: false });
    const { html } = await page('/events');
    const upcoming = html.slice(html.indexOf('id="upcoming-title"'), html.indexOf('</section>', html.indexOf('id="upcoming-title"')));
    expect(upcoming).toContain(`href="/events/${soon.id}">${soon.title}</a>`);
    expect(upcoming).toContain(`href="/events/${seminar.id}">${seminar.title}</a>`);
    expect(upcoming).not.toContain(past.title);
    expect(html).not.toContain(hidden.title);
    expect(count(html, /<h1[ >]/)).toBe(1);
  });

  it('shows the past list when the past event is among the latest ones', async () => {
    const past = await addEvent(-3);
    const { html } = await page('/events');
    const pastList = html.slice(html.indexOf('id="past-title"'));
    expect(pastList).toContain(`<a href="/events/${past.id}">${past.title}</a>`);
  });

  it('shows an event and a seminar by id; unknown or hidden ones are 404', async () => {
    const event = await addEvent(24, {
      location: 'City sports hall',
      description: 'Bring your gi.',
      registrationUrl: 'https://tickets.example/grading',
    });
    const seminar = await addSeminar(10, { priceCents: 4500 });
    const hidden = await addEvent(24, { isActive: false });
    const e = await page(`/events/${event.id}`);
    expect(e.res.status).toBe(200);
    expect(e.html).toContain(`<h1>${event.title}</h1>`);
    expect(e.html).toContain('City sports hall');
    expect(e.html).toContain(
      '<a class="btn btn-primary btn-block" href="https://tickets.example/grading" rel="noopener noreferrer">Register</a>',
    );
    const s = await page(`/events/${seminar.id}`);
    expect(s.res.status).toBe(200);
    expect(s.html).toContain('Sensei Guest');
    expect(s.html).toContain('$45.00');
    for (const path of [`/events/${hidden.id}`, '/events/unknown-id']) expect((await page(path)).res.status).toBe(404);
  });
});

describe('/gallery', () => {
  it('shows images with their size, lazy-loaded after the first four tiles, inside the lightbox island, as plain links to the files', async () => {
    const later = await addAsset({ width: 1200, height: 800, createdAt: new Date(FUTURE.getTime() - 4000) });
    for (const ago of [3000, 2000, 1000]) await addAsset({ createdAt: new Date(FUTURE.getTime() - ago) });
    const first = await addAsset({ width: 640, height: 480 });
    const { res, html } = await page('/gallery');
    expect(res.status).toBe(200);
    expect(html).toContain('data-island="GalleryLightbox"');
    const tile = (src: string | null) => {
      const start = html.indexOf(`<a class="gallery-link" href="${src}">`);
      return html.slice(start, html.indexOf('</a>', start));
    };
    expect(tile(first.externalUrlLink)).toMatch(
      new RegExp(
        `^<a class="gallery-link" href="${first.externalUrlLink}"><img src="${first.externalUrlLink}" alt="${first.altText}" width="640" height="480" loading="eager"`,
      ),
    );
    expect(tile(later.externalUrlLink)).toContain(
      `<img src="${later.externalUrlLink}" alt="${later.altText}" width="1200" height="800" loading="lazy" decoding="async"/>`,
    );
  });

  it('shows uploaded videos and external video links', async () => {
    const upload = await addAsset({
      mediaType: 'video',
      source: 'upload',
      externalUrlLink: null,
      objectKey: `assets/${tag()}.mp4`,
      title: `Clip ${tag()}`,
    });
    const external = await addAsset({ mediaType: 'video', externalUrlLink: 'https://www.youtube.com/watch?v=abc', title: `Tube ${tag()}` });
    const { html } = await page('/gallery');
    expect(html).toContain(`<a class="gallery-link gallery-video" href="/api/files/${upload.objectKey}">`);
    expect(html).toContain('<a class="gallery-link gallery-video" href="https://www.youtube.com/watch?v=abc" rel="noopener noreferrer">');
    expect(html).toContain(external.title);
  });

  it('pages with ?page= and answers 404 beyond the last page', async () => {
    await addAsset();
    const far = await page('/gallery?page=9999');
    expect(far.res.status).toBe(404);
    const junk = await page('/gallery?page=abc');
    expect(junk.res.status).toBe(200);
    expect(canonicalOf(junk.html)).toBe('http://dojo.test/gallery');
  });
});

describe('/blog and /blog/:slug', () => {
  it('lists published posts, not drafts or scheduled ones', async () => {
    const post = await addPost();
    const draft = await addPost({ status: 'draft' });
    const scheduled = await addPost({ publishedAt: FUTURE });
    const { html } = await page('/blog');
    expect(html).toContain(`href="/blog/${post.slug}">${post.title}</a>`);
    expect(html).not.toContain(draft.title);
    expect(html).not.toContain(scheduled.title);
  });

  it('shows a post with its body as escaped paragraphs; drafts and unknown slugs are 404', async () => {
    const post = await addPost({ body: '## Grading day\nTwelve students passed.\n\n- Kata\n- Kumite\n\n<script>alert(1)</script>' });
    const draft = await addPost({ status: 'draft' });
    const { res, html } = await page(`/blog/${post.slug}`);
    expect(res.status).toBe(200);
    expect(meta(html, 'og:type')).toBe('article');
    expect(html).toContain('<h2>Grading day</h2><p><span>Twelve students passed.</span></p><ul><li>Kata</li><li>Kumite</li></ul>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script');
    for (const path of [`/blog/${draft.slug}`, '/blog/no-such-post']) expect((await page(path)).res.status).toBe(404);
  });
});

describe('/testimonials, /alliances and /about', () => {
  it('shows active testimonials only', async () => {
    const shown = await addTestimonial({ rating: 5 });
    const hidden = await addTestimonial({ isActive: false });
    const { html } = await page('/testimonials');
    expect(html).toContain(shown.quote);
    expect(html).toContain('aria-label="Rated 5 out of 5"');
    expect(html).not.toContain(hidden.quote);
  });

  it('shows active alliances, linking only http(s) websites', async () => {
    const linked = await addAlliance({ website: 'https://karate.example/' });
    const evil = await addAlliance({ website: 'javascript:alert(1)' });
    const hidden = await addAlliance({ isActive: false });
    const { html } = await page('/alliances');
    expect(html).toContain(`<a href="https://karate.example/" rel="noopener noreferrer">${linked.name}</a>`);
    expect(html).toContain(evil.name);
    expect(html).not.toContain(hidden.name);
    expect(html).not.toMatch(/href="\s*javascript:/i);
  });

  it('shows the organizational chart with its alt text and caption', async () => {
    const chart = await addChart({ description: 'Instructors and assistants' });
    const { html } = await page('/about');
    expect(html).toContain(
      `<img src="/api/files/${chart.imageKey}" alt="${chart.alt}" width="1200" height="800" loading="lazy" decoding="async"/>`,
    );
    expect(html).toContain(`<figcaption><strong>${chart.title}</strong><span class="muted">Instructors and assistants</span></figcaption>`);
  });
});

describe('user-provided URLs', () => {
  it('never renders a javascript: URL as a link or image source', async () => {
    const t = tag();
    await addAsset({ externalUrlLink: 'javascript:alert(1)', title: `Bad ${t}` });
    await addAsset({ mediaType: 'video', externalUrlLink: ' JavaScript:alert(1)', title: `Bad video ${t}` });
    const event = await addEvent(5, { registrationUrl: 'javascript:alert(document.cookie)' });
    await addAlliance({ website: 'javascript:alert(1)', logoKey: null });
    await addCourse({ featured: true, createdAt: FUTURE, image: null });
    for (const path of ['/', '/gallery', `/events/${event.id}`, '/alliances']) {
      const { html } = await page(path);
      expect({ path, bad: /(href|src)="\s*javascript:/i.test(html) }).toEqual({ path, bad: false });
    }
    expect((await page(`/events/${event.id}`)).html).toContain(
      `href="/contact?subject=${encodeURIComponent(`Register: ${event.title}`)}">Register</a>`,
    );
  });
});
