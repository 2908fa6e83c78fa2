import { and, eq, inArray, not } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { CHART_MESSAGES, CreateChartSchema, UpdateChartSchema } from '#core/media/chart-schemas.ts';
import { organizationalCharts as charts, type ChartRow } from '#db/schema/index.ts';
import { badRequest, notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { objectUrl } from '#worker/lib/public-files.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { insertWithImage, updateWithImage, type StoredImage } from '#worker/lib/image-slot.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { filesOf, type RequestBody } from '#worker/lib/body.ts';
import { removeObjects } from '#worker/lib/stored-files.ts';
import { sameKey } from '#worker/lib/sql.ts';
import { CHARTS_ORDER } from './charts.queries.ts';

export const CHART_PREFIX = 'charts';
const SRC_FIELDS = ['src', 'image', 'file'] as const;

export const serializeChart = (row: ChartRow) => ({
  _id: row.id,
  title: row.title,
  alt: row.alt,
  description: row.description,
  featured: row.featured,
  src: objectUrl(row.imageKey),
  width: row.width,
  height: row.height,
  mimeType: row.mimeType,
  size: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const imageColumns = (img: StoredImage) => ({
  imageKey: img.key,
  mimeType: img.mime,
  sizeBytes: img.size,
  width: img.width,
  height: img.height,
});

/** GET /api/organizational-chart: featured first, then newest. */
export async function listCharts(ctx: ServiceCtx, query: { page: number; limit: number; featured?: boolean | undefined }) {
  const { rows, pagination } = await listPage(ctx.db, {
    table: charts,
    where: query.featured === undefined ? undefined : eq(charts.featured, query.featured),
    orderBy: CHARTS_ORDER,
    page: query.page,
    limit: query.limit,
  });
  return { charts: rows.map(serializeChart), pagination };
}

async function loadChart(ctx: ServiceCtx, id: string) {
  const row = await ctx.db.select().from(charts).where(eq(charts.id, id)).get();
  if (!row) throw notFound(CHART_MESSAGES.notFound);
  return row;
}

export const getChart = async (ctx: ServiceCtx, id: string) => serializeChart(await loadChart(ctx, id));

/** POST: the text fields are checked first (the spec's order: title, alt text, then the image file). */
export async function createChart(ctx: ServiceCtx, input: RequestBody) {
  const data = parseInput(CreateChartSchema, input.fields);
  const [file] = filesOf(input, SRC_FIELDS);
  if (!file) throw badRequest(CHART_MESSAGES.imageRequired);
  const row = await insertWithImage(ctx, CHART_PREFIX, file, (image) =>
    ctx.db
      .insert(charts)
      .values({
        id: newId(),
        title: data.title,
        alt: data.alt,
        description: data.description ?? '',
        featured: data.featured ?? false,
        ...imageColumns(image!),
        createdBy: signedIn(ctx).id,
      })
      .returning()
      .get(),
  );
  return serializeChart(row);
}

/** PUT: text fields as sent; a new `src` file replaces the image, otherwise the current one (existingSrc) stays. */
export async function updateChart(ctx: ServiceCtx, id: string, input: RequestBody) {
  const { existingSrc: _keep, ...data } = parseInput(UpdateChartSchema, input.fields);
  const current = await loadChart(ctx, id);
  const [file] = filesOf(input, SRC_FIELDS);
  const row = await updateWithImage(ctx, {
    prefix: CHART_PREFIX,
    file,
    oldKey: current.imageKey,
    notFoundMessage: CHART_MESSAGES.notFound,
    exists: async () => !!(await ctx.db.select({ id: charts.id }).from(charts).where(eq(charts.id, id)).get()),
    update: (image) =>
      ctx.db
        .update(charts)
        .set({ ...data, ...(image ? imageColumns(image) : {}), updatedAt: new Date() })
        .where(and(eq(charts.id, id), sameKey(charts.imageKey, current.imageKey)))
        .returning()
        .get(),
  });
  return serializeChart(row);
}

/** PATCH /:id/featured: sets `featured` when the body gives it, otherwise flips it (one statement). */
export async function toggleChartFeatured(ctx: ServiceCtx, id: string, featured?: boolean) {
  const row = await ctx.db
    .update(charts)
    .set({ featured: featured ?? not(charts.featured), updatedAt: new Date() })
    .where(eq(charts.id, id))
    .returning()
    .get();
  if (!row) throw notFound(CHART_MESSAGES.notFound);
  return serializeChart(row);
}

export async function deleteChart(ctx: ServiceCtx, id: string) {
  const row = await ctx.db.delete(charts).where(eq(charts.id, id)).returning({ id: charts.id, imageKey: charts.imageKey }).get();
  if (!row) throw notFound(CHART_MESSAGES.notFound);
  await removeObjects(ctx.storage, [row.imageKey]);
  return { _id: row.id };
}

export async function bulkDeleteCharts(ctx: ServiceCtx, chartIds: string[]) {
  const rows = await ctx.db.delete(charts).where(inArray(charts.id, chartIds)).returning({ imageKey: charts.imageKey });
  await removeObjects(
    ctx.storage,
    rows.map((r) => r.imageKey),
  );
  return { deletedCount: rows.length };
}
