import { offsetOf, pagination } from '#core/paging.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { publicAlliancesQuery } from '#worker/features/alliances/alliances.queries.ts';
import { serializeAlliance } from '#worker/features/alliances/alliances.service.ts';
import { galleryCountQuery, galleryQuery } from '#worker/features/assets/assets.queries.ts';
import { serializeAsset } from '#worker/features/assets/assets.serialize.ts';
import { chartsQuery } from '#worker/features/charts/charts.queries.ts';
import { serializeChart } from '#worker/features/charts/charts.service.ts';
import { publicPostQuery, publicPostsCountQuery, publicPostsQuery } from '#worker/features/posts/posts.queries.ts';
import { serializePost, serializePostSummary } from '#worker/features/posts/posts.serialize.ts';
import { publicTestimonialsCountQuery, publicTestimonialsQuery } from '#worker/features/testimonials/testimonials.queries.ts';
import { serializeTestimonial } from '#worker/features/testimonials/testimonials.service.ts';
import { settingsQuery, siteDataOf } from '#worker/pages/public/site.ts';
import { totalOf } from '#worker/lib/sql.ts';
import { classTeachersQuery, courseTeachersQuery, teachersOf, teachingStaffQuery } from './teachers.ts';

export const PAGE_SIZES = { gallery: 24, blog: 9, testimonials: 24, alliances: 200, charts: 20 } as const;

/** Just the settings: contact, legal and the pages without other data. */
export async function loadSite({ db }: ServiceCtx) {
  const [settings] = await db.batch([settingsQuery(db)]);
  return siteDataOf(settings);
}

export async function loadGallery({ db }: ServiceCtx, page: number) {
  const limit = PAGE_SIZES.gallery;
  const [settings, rows, total] = await db.batch([
    settingsQuery(db),
    galleryQuery(db, limit, offsetOf(page, limit)),
    galleryCountQuery(db),
  ]);
  return { ...siteDataOf(settings), assets: rows.map(serializeAsset), pagination: pagination(page, limit, totalOf(total)) };
}

export async function loadBlog({ db }: ServiceCtx, page: number, now = new Date()) {
  const limit = PAGE_SIZES.blog;
  const [settings, rows, total] = await db.batch([
    settingsQuery(db),
    publicPostsQuery(db, now, limit, offsetOf(page, limit)),
    publicPostsCountQuery(db, now),
  ]);
  return { ...siteDataOf(settings), posts: rows.map(serializePostSummary), pagination: pagination(page, limit, totalOf(total)) };
}

/** A published post by slug (or id); null for drafts, scheduled and unknown posts. */
export async function loadPost({ db }: ServiceCtx, slug: string, now = new Date()) {
  const [settings, rows] = await db.batch([settingsQuery(db), publicPostQuery(db, slug, now)]);
  return { ...siteDataOf(settings), post: rows[0] ? serializePost(rows[0]) : null };
}

export async function loadTestimonials({ db }: ServiceCtx, page: number) {
  const limit = PAGE_SIZES.testimonials;
  const [settings, rows, total] = await db.batch([
    settingsQuery(db),
    publicTestimonialsQuery(db, limit, offsetOf(page, limit)),
    publicTestimonialsCountQuery(db),
  ]);
  return { ...siteDataOf(settings), testimonials: rows.map(serializeTestimonial), pagination: pagination(page, limit, totalOf(total)) };
}

export async function loadAlliances({ db }: ServiceCtx) {
  const [settings, rows] = await db.batch([settingsQuery(db), publicAlliancesQuery(db, PAGE_SIZES.alliances)]);
  return { ...siteDataOf(settings), alliances: rows.map(serializeAlliance) };
}

export async function loadAbout({ db }: ServiceCtx) {
  const [settings, rows, staff, courseRows, classRows] = await db.batch([
    settingsQuery(db),
    chartsQuery(db, PAGE_SIZES.charts),
    teachingStaffQuery(db),
    courseTeachersQuery(db),
    classTeachersQuery(db),
  ]);
  return { ...siteDataOf(settings), charts: rows.map(serializeChart), teachers: teachersOf(staff, [...courseRows, ...classRows]) };
}
