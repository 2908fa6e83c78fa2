import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { courses, events, posts, seminars } from '#db/schema/index.ts';
import { visibleToPublic } from '#worker/lib/post-visibility.ts';
import { settingsQuery } from '#worker/pages/public/site.ts';

const MAX_PER_KIND = 5000;

/** Everything the sitemap lists, in one batch: active courses, published posts, active events and seminars. */
export async function loadSitemap(db: Db, now = new Date()) {
  const [settings, courseRows, postRows, eventRows, seminarRows] = await db.batch([
    settingsQuery(db),
    db
      .select({ slug: courses.slug, updatedAt: courses.updatedAt })
      .from(courses)
      .where(eq(courses.isActive, true))
      .orderBy(desc(courses.updatedAt))
      .limit(MAX_PER_KIND),
    db
      .select({ slug: posts.slug, updatedAt: posts.updatedAt })
      .from(posts)
      .where(visibleToPublic(now))
      .orderBy(desc(posts.updatedAt))
      .limit(MAX_PER_KIND),
    db
      .select({ id: events.id, updatedAt: events.updatedAt })
      .from(events)
      .where(and(eq(events.isActive, true)))
      .orderBy(desc(events.updatedAt))
      .limit(MAX_PER_KIND),
    db
      .select({ id: seminars.id, updatedAt: seminars.updatedAt })
      .from(seminars)
      .where(eq(seminars.isActive, true))
      .orderBy(desc(seminars.updatedAt))
      .limit(MAX_PER_KIND),
  ]);
  return { settingsUpdatedAt: settings[0]?.updatedAt ?? null, courseRows, postRows, eventRows, seminarRows };
}
