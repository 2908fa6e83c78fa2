/** Rows for the public page tests, written straight through Drizzle (not a test file itself). */
import { eq } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import {
  alliances,
  assets,
  classes,
  courses,
  events,
  membershipPlans,
  memberships,
  organizationalCharts,
  posts,
  seminars,
  siteSettings,
  testimonials,
  type NewAllianceRow,
  type NewAssetRow,
  type NewClassRow,
  type NewCourseRow,
  type NewEventRow,
  type NewPostRow,
  type NewSeminarRow,
  type NewTestimonialRow,
} from '#db/schema/index.ts';
import { DEFAULT_SETTINGS } from '#core/settings/settings-schemas.ts';
import { testDb, uniq } from '#test/helpers.ts';

/** A unique lower-case word to put in titles, slugs and categories so assertions see only this test's rows. */
export const tag = () => `t${uniq()}`.toLowerCase();

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Far in the future, so "newest first" lists show the row first whatever other tests add meanwhile. */
export const FUTURE = new Date('2099-01-01T00:00:00Z');

export async function addCourse(overrides: Partial<NewCourseRow> = {}) {
  const t = tag();
  const row: NewCourseRow = {
    id: newId(),
    title: `Course ${t}`,
    slug: `course-${t}`,
    shortDescription: `Stances, blocks and strikes for ${t}.`,
    category: `cat-${t}`,
    level: 'beginner',
    priceCents: 12000,
    ...overrides,
  };
  return testDb().insert(courses).values(row).returning().get();
}

export async function addMembership(
  name: string,
  plans: { name: string; priceCents: number; discountPriceCents?: number | null; isActive?: boolean; durationMonths?: number }[],
  overrides = {},
) {
  const db = testDb();
  const m = await db
    .insert(memberships)
    .values({ id: newId(), name, description: `The ${name} membership`, benefits: ['Unlimited classes'], sortOrder: -1000, ...overrides })
    .returning()
    .get();
  for (const [i, p] of plans.entries()) {
    await db.insert(membershipPlans).values({ id: newId(), membershipId: m.id, durationMonths: p.durationMonths ?? 1, position: i, ...p });
  }
  return m;
}

export const addClass = (overrides: Partial<NewClassRow> = {}) =>
  testDb()
    .insert(classes)
    .values({ id: newId(), title: `Class ${tag()}`, dayOfWeek: 1, startTime: '17:00', endTime: '18:00', ...overrides })
    .returning()
    .get();

/** An event starting `inHours` from now and lasting two hours (negative: in the past). */
export const addEvent = (inHours: number, overrides: Partial<NewEventRow> = {}) => {
  const startsAt = new Date(Date.now() + inHours * HOUR);
  return testDb()
    .insert(events)
    .values({
      id: newId(),
      title: `Event ${tag()}`,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * HOUR),
      category: 'grading',
      ...overrides,
    })
    .returning()
    .get();
};

export const addSeminar = (inDays: number, overrides: Partial<NewSeminarRow> = {}) => {
  const startsAt = new Date(Date.now() + inDays * DAY);
  return testDb()
    .insert(seminars)
    .values({
      id: newId(),
      title: `Seminar ${tag()}`,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 6 * HOUR),
      instructor: 'Sensei Guest',
      priceCents: 4500,
      ...overrides,
    })
    .returning()
    .get();
};

export const addPost = (overrides: Partial<NewPostRow> = {}) => {
  const t = tag();
  return testDb()
    .insert(posts)
    .values({
      id: newId(),
      title: `Post ${t}`,
      slug: `post-${t}`,
      excerpt: `Excerpt of ${t}`,
      body: `First paragraph of ${t}.`,
      status: 'published',
      publishedAt: new Date(Date.now() - 1000),
      ...overrides,
    })
    .returning()
    .get();
};

export const addTestimonial = (overrides: Partial<NewTestimonialRow> = {}) =>
  testDb()
    .insert(testimonials)
    .values({ id: newId(), name: `Student ${tag()}`, role: 'Parent', quote: `Great dojo ${tag()}`, createdAt: FUTURE, ...overrides })
    .returning()
    .get();

export const addAlliance = (overrides: Partial<NewAllianceRow> = {}) =>
  testDb()
    .insert(alliances)
    .values({ id: newId(), name: `AAA Alliance ${tag()}`, country: 'Japan', ...overrides })
    .returning()
    .get();

export const addAsset = (overrides: Partial<NewAssetRow> = {}) =>
  testDb()
    .insert(assets)
    .values({
      id: newId(),
      title: `Photo ${tag()}`,
      altText: `Alt ${tag()}`,
      mediaType: 'image',
      source: 'external',
      externalUrlLink: `https://img.example/${tag()}.jpg`,
      createdAt: FUTURE,
      featured: true,
      ...overrides,
    })
    .returning()
    .get();

export const addChart = (overrides: Partial<typeof organizationalCharts.$inferInsert> = {}) =>
  testDb()
    .insert(organizationalCharts)
    .values({
      id: newId(),
      title: `Chart ${tag()}`,
      alt: `Chart alt ${tag()}`,
      imageKey: `charts/${newId()}.png`,
      mimeType: 'image/png',
      sizeBytes: 100,
      width: 1200,
      height: 800,
      featured: true,
      createdAt: FUTURE,
      ...overrides,
    })
    .returning()
    .get();

/** Writes the settings row (creating it when missing) with the given columns. */
export async function setSettings(values: Partial<typeof siteSettings.$inferInsert>) {
  const db = testDb();
  await db
    .insert(siteSettings)
    .values({ id: 'default', ...DEFAULT_SETTINGS })
    .onConflictDoNothing();
  await db
    .update(siteSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(siteSettings.id, 'default'));
}
