import { desc } from 'drizzle-orm';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { posts } from '#db/schema/index.ts';
import { courseSitemapQuery } from '#worker/features/courses/courses.queries.ts';
import { eventSitemapQuery } from '#worker/features/events/events.read.ts';
import { seminarSitemapQuery } from '#worker/features/seminars/seminars.read.ts';
import { visibleToPublic } from '#worker/lib/post-visibility.ts';
import { settingsQuery } from '#worker/pages/public/site.ts';

const MAX_PER_KIND = 5000;

/** Everything the sitemap lists, in one batch: active courses, published posts, active events and seminars. */
export async function loadSitemap({ db }: ServiceCtx, now = new Date()) {
  const [settings, courseRows, postRows, eventRows, seminarRows] = await db.batch([
    settingsQuery(db),
    courseSitemapQuery(db, MAX_PER_KIND),
    db
      .select({ slug: posts.slug, updatedAt: posts.updatedAt })
      .from(posts)
      .where(visibleToPublic(now))
      .orderBy(desc(posts.updatedAt))
      .limit(MAX_PER_KIND),
    eventSitemapQuery(db, MAX_PER_KIND),
    seminarSitemapQuery(db, MAX_PER_KIND),
  ]);
  return { settingsUpdatedAt: settings[0]?.updatedAt ?? null, courseRows, postRows, eventRows, seminarRows };
}
