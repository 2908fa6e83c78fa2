import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { membershipPlans } from '#db/schema/index.ts';
import { testDb } from '#test/helpers.ts';
import { addAlliance, addClass, addCourse, addEvent, addMembership, addPost, addTestimonial, FUTURE, tag } from './page-fixtures.ts';
import { canonicalOf, count, meta, page, titleOf } from './page-test-kit.ts';

// The settings row belongs to the settings tests (they change it in order): these tests never write it and
// never assume the school's name.
const CONTENT_PAGES = [
  '/about',
  '/courses',
  '/memberships',
  '/classes',
  '/events',
  '/gallery',
  '/blog',
  '/testimonials',
  '/alliances',
  '/contact',
];
/** The one place a course's price shows on a card. */
const priceOf = (html: string, title: string) => {
  const card = html.slice(html.indexOf(title));
  return card.slice(0, card.indexOf('</article>'));
};

describe('public content pages: the common frame', () => {
  for (const path of CONTENT_PAGES) {
    it(`${path} answers 200 with its title, description, canonical, Open Graph tags, landmarks and one h1`, async () => {
      const { res, html } = await page(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const title = titleOf(html) ?? '';
      expect(title).toMatch(/^[^|]+ \| .+$/);
      expect(meta(html, 'description')?.length).toBeGreaterThan(50);
      expect(canonicalOf(html)).toBe(`http://dojo.test${path}`);
      expect(meta(html, 'og:title')).toBe(title.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&'));
      expect(meta(html, 'og:url')).toBe(`http://dojo.test${path}`);
      expect(count(html, /<h1[ >]/)).toBe(1);
      expect(html).toMatch(/<main id="main"/);
      expect(html).toContain('<header class="site-header">');
      expect(html).toContain('<footer class="site-footer">');
      expect(html).toMatch(new RegExp(`<a href="${path}" aria-current="page">|<a href="/contact">`));
    });
  }

  it('ships no JavaScript on content pages without an island', async () => {
    for (const path of ['/', '/about', '/courses', '/memberships', '/classes', '/events', '/blog', '/testimonials', '/alliances']) {
      const { html } = await page(path);
      // /classes holds a Book island per open session of the coming week, which other files add to the shared database.
      const islands = [...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]);
      expect({ path, islands }).toEqual({ path, islands: path === '/classes' ? islands.filter((n) => n === 'BookSession') : [] });
      if (!islands.length) expect({ path, script: html.includes('<script') }).toEqual({ path, script: false });
    }
  });

  it('links the navigation and footer to the real pages', async () => {
    const { html } = await page('/');
    for (const href of [
      '/about',
      '/courses',
      '/classes',
      '/events',
      '/gallery',
      '/blog',
      '/contact',
      '/memberships',
      '/testimonials',
      '/alliances',
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).not.toContain('href="/#');
  });
});

describe('/ (home)', () => {
  it('shows a new featured course, an upcoming event, a testimonial, an alliance and a latest post from the database', async () => {
    const course = await addCourse({ featured: true, createdAt: FUTURE, priceCents: 15000, discountPriceCents: 12500 });
    const hidden = await addCourse({ featured: true, isActive: false, createdAt: FUTURE });
    const event = await addEvent(0.01);
    const quote = await addTestimonial({ featured: true }); // featured: others' featured ones come first otherwise
    const alliance = await addAlliance({ name: `!First alliance ${tag()}` });
    const post = await addPost({ publishedAt: new Date() });
    const draft = await addPost({ status: 'draft', publishedAt: null });
    const { res, html } = await page('/');
    expect(res.status).toBe(200);
    expect(html).toContain(`<a class="card-link" href="/courses/${course.slug}">${course.title}</a>`);
    expect(priceOf(html, course.title)).toMatch(
      /<del class="price-was"><span class="visually-hidden">Regular price <\/span>\$150\.00<\/del>/,
    );
    expect(priceOf(html, course.title)).toMatch(/\$125\.00<\/strong>/);
    expect(html).not.toContain(hidden.title);
    expect(html).toContain(`href="/events/${event.id}">${event.title}</a>`);
    expect(html).toContain(quote.quote);
    expect(html).toContain(alliance.name);
    expect(html).toContain(`href="/blog/${post.slug}">${post.title}</a>`);
    expect(html).not.toContain(draft.title);
    expect(html).not.toContain('Sample content');
    expect(count(html, /<h1[ >]/)).toBe(1);
  });

  it('shows at most 6 featured courses', async () => {
    for (let i = 0; i < 7; i++) await addCourse({ featured: true, createdAt: FUTURE });
    const { html } = await page('/');
    const section = html.slice(html.indexOf('id="courses"'), html.indexOf('id="events"'));
    expect(count(section, /class="card course-card"/)).toBe(6);
  });
});

describe('/courses and /courses/:slug', () => {
  it('lists the active courses of a category with the price per spec 9 and hides inactive ones', async () => {
    const category = `cat-${tag()}`;
    const discounted = await addCourse({ category, title: `Discounted ${tag()}`, priceCents: 12000, discountPriceCents: 9950 });
    const plain = await addCourse({ category, title: `Plain ${tag()}`, priceCents: 8000 });
    const free = await addCourse({ category, title: `Free ${tag()}`, priceCents: 0 });
    const hidden = await addCourse({ category, title: `Hidden ${tag()}`, isActive: false });
    const { res, html } = await page(`/courses?category=${category}`);
    expect(res.status).toBe(200);
    expect(html).toContain('3 courses');
    expect(priceOf(html, discounted.title)).toContain('$120.00</del>');
    expect(priceOf(html, discounted.title)).toMatch(
      /<strong class="price-now"><span class="visually-hidden">Now <\/span>\$99\.50<\/strong>/,
    );
    expect(priceOf(html, plain.title)).toContain('<strong class="price-now">$80.00</strong>');
    expect(priceOf(html, plain.title)).not.toContain('<del');
    expect(priceOf(html, free.title)).toContain('<strong class="price-now">$0.00</strong>');
    expect(html).not.toContain(hidden.title);
    expect(html).toContain(`<option value="${category}" selected="">${category}</option>`);
    expect(canonicalOf(html)).toBe('http://dojo.test/courses');
  });

  it('filters by level with the plain GET form and ignores an unknown level', async () => {
    const category = `cat-${tag()}`;
    const beginner = await addCourse({ category, level: 'beginner' });
    const advanced = await addCourse({ category, level: 'advanced' });
    const only = (await page(`/courses?category=${category}&level=advanced`)).html;
    expect(only).toContain(advanced.title);
    expect(only).not.toContain(beginner.title);
    expect(only).toContain('<form class="filters" aria-label="Filter courses" action="/courses" method="get">');
    const junk = (await page(`/courses?category=${category}&level=%3Cscript%3E`)).html;
    expect(junk).toContain(advanced.title);
    expect(junk).toContain(beginner.title);
    expect(junk).not.toContain('<script');
  });

  it('pages the list and answers 404 past the last page', async () => {
    const category = `cat-${tag()}`;
    for (let i = 0; i < 13; i++) await addCourse({ category });
    const second = await page(`/courses?category=${category}&page=2`);
    expect(second.res.status).toBe(200);
    expect(count(second.html, /class="card course-card"/)).toBe(1);
    expect(second.html).toContain('Page 2 of 2');
    expect(second.html).toContain(`href="/courses?category=${category}" rel="prev"`);
    expect((await page(`/courses?category=${category}&page=3`)).res.status).toBe(404);
  });

  it('shows a course by slug and by id, with the login and register links that come back to its enrol form', async () => {
    const course = await addCourse({
      description: 'Line one <b>bold</b>\n\nSecond paragraph',
      highlights: ['Belt grading'],
      priceCents: 20000,
      discountPriceCents: 15000,
    });
    const { res, html } = await page(`/courses/${course.slug}`);
    expect(res.status).toBe(200);
    expect(html).toMatch(new RegExp(`<h1>${course.title}</h1>`));
    expect(titleOf(html)).toMatch(new RegExp(`^${course.title} \\| `));
    const back = encodeURIComponent(`/courses/${course.slug}?enroll=1`);
    expect(html).toContain(`<a class="btn btn-primary btn-block" href="/auth/login?next=${back}">Log in to enrol</a>`);
    expect(html).toContain(`<a class="btn btn-secondary btn-block" href="/auth/register?next=${back}">Create an account</a>`);
    // Nothing promises what the page cannot do.
    expect(html).not.toMatch(/coming soon|pay online afterwards/i);
    expect(html).toContain('<p><span>Line one &lt;b&gt;bold&lt;/b&gt;</span></p><p><span>Second paragraph</span></p>');
    expect(html).toContain('$200.00</del>');
    expect(html).toContain('$150.00</strong>');
    expect(html).toContain('<li>Belt grading</li>');
    // The enrol panel is the page's only island.
    expect([...html.matchAll(/data-island="(\w+)"/g)].map((m) => m[1])).toEqual(['EnrollCourse']);
    const byId = await page(`/courses/${course.id}`);
    expect(byId.res.status).toBe(200);
    expect(canonicalOf(byId.html)).toBe(`http://dojo.test/courses/${course.slug}`);
  });

  it('answers the 404 page for a hidden or unknown course', async () => {
    const hidden = await addCourse({ isActive: false });
    for (const path of [`/courses/${hidden.slug}`, `/courses/${hidden.id}`, '/courses/no-such-course']) {
      const { res, html } = await page(path);
      expect(res.status).toBe(404);
      expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(html).not.toContain(hidden.title);
    }
  });
});

describe('/memberships', () => {
  it('shows active memberships with their active plans and prices, and hides the rest', async () => {
    const name = `Member ${tag()}`;
    const m = await addMembership(name, [
      { name: 'Monthly', priceCents: 9000 },
      { name: 'Annual', priceCents: 90000, discountPriceCents: 80000, durationMonths: 12 },
      { name: 'Retired plan', priceCents: 1000, isActive: false },
    ]);
    const hidden = await addMembership(`Hidden ${tag()}`, [{ name: 'Monthly', priceCents: 5000 }], { isActive: false });
    const { html } = await page('/memberships');
    const card = html.slice(html.indexOf(name));
    expect(card).toMatch(
      /<span class="plan-name">Monthly<\/span><span class="plan-price"><span class="price"><strong class="price-now">C\$90\.00<\/strong><\/span><span class="muted"> per month<\/span>/,
    );
    expect(card).toContain('$900.00</del>');
    expect(card).toContain('$800.00</strong>');
    expect(card.slice(0, card.indexOf('</article>'))).not.toContain('Retired plan');
    expect(html).not.toContain(hidden.name);
    const [monthly] = await testDb()
      .select()
      .from(membershipPlans)
      .where(and(eq(membershipPlans.membershipId, m.id), eq(membershipPlans.name, 'Monthly')));
    expect(card).toContain(
      `<a class="btn btn-secondary btn-sm plan-choose" href="/memberships?plan=${monthly!.id}&amp;purchase=1#purchase"`,
    );
    expect(html).not.toContain('id="purchase"');
  });
});

describe('/classes', () => {
  it('shows the weekly timetable as tables with captions and header cells, grouped by day, without inactive classes', async () => {
    const k = await addClass({
      title: `Kids ${tag()}`,
      dayOfWeek: 3,
      startTime: '17:30',
      endTime: '18:15',
      instructorName: 'Sensei Aiko',
      location: 'Main hall',
      level: 'beginner',
      ageGroup: '7-10',
    });
    const hidden = await addClass({ title: `Hidden ${tag()}`, dayOfWeek: 3, isActive: false });
    const { html } = await page('/classes');
    const wednesday = html.slice(html.indexOf('<table class="timetable-day" id="day-3">'));
    expect(wednesday).toMatch(
      /^<table class="timetable-day" id="day-3"><caption>Wednesday<\/caption><thead><tr><th scope="col">Time<\/th>/,
    );
    const at = wednesday.indexOf(k.title);
    const row = wednesday.slice(wednesday.lastIndexOf('<tr>', at), wednesday.indexOf('</tr>', at));
    expect(row).toContain('<th scope="row" class="tt-time"><time dateTime="17:30">5:30 pm</time>');
    expect(row).toContain('<time dateTime="18:15">6:15 pm</time>');
    expect(row).toContain('Sensei Aiko');
    expect(row).toContain('Beginner · Ages 7-10');
    expect(html).not.toContain(hidden.title);
    expect(html).toContain('<a href="#day-3">Wednesday</a>');
  });
});
