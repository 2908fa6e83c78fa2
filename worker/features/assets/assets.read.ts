import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { ASSET_MESSAGES, type AssetStats, type ListAssetsQueryInput } from '#core/media/asset-schemas.ts';
import type { MediaType } from '#core/media/limits.ts';
import { assets } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { jsonArrayHas, likeAny } from '#worker/lib/sql.ts';
import { serializeAsset } from './assets.serialize.ts';

type Filters = Partial<Omit<ListAssetsQueryInput, 'page' | 'limit'>>;

function whereOf(f: Filters): SQL | undefined {
  return and(
    f.mediaType ? eq(assets.mediaType, f.mediaType) : undefined,
    f.featured === undefined ? undefined : eq(assets.featured, f.featured),
    f.source ? eq(assets.source, f.source) : undefined,
    f.search ? likeAny(f.search, [assets.title, assets.description]) : undefined,
    f.tag ? jsonArrayHas(assets.tags, f.tag.toLowerCase()) : undefined,
  );
}

/** GET /api/assets and /api/assets/type/:mediaType: newest first, one batch of two statements. */
export async function listAssets(ctx: ServiceCtx, query: Filters & { page: number; limit: number }) {
  const { rows, pagination } = await listPage(ctx.db, {
    table: assets,
    where: whereOf(query),
    orderBy: [desc(assets.createdAt), desc(assets.id)],
    page: query.page,
    limit: query.limit,
  });
  return { assets: rows.map(serializeAsset), pagination };
}

export const listAssetsByType = (
  ctx: ServiceCtx,
  mediaType: MediaType,
  query: { page: number; limit: number; featured?: boolean | undefined },
) => listAssets(ctx, { ...query, mediaType });

export async function getAsset(ctx: ServiceCtx, id: string) {
  const row = await ctx.db.select().from(assets).where(eq(assets.id, id)).get();
  if (!row) throw notFound(ASSET_MESSAGES.notFound);
  return serializeAsset(row);
}

const countWhere = (cond: SQL) => sql<number>`coalesce(sum(case when ${cond} then 1 else 0 end), 0)`;

/** GET /api/assets/stats/summary: every count in one statement. */
export async function assetStats(ctx: ServiceCtx): Promise<AssetStats> {
  const row = await ctx.db
    .select({
      totalAssets: sql<number>`count(*)`,
      imageCount: countWhere(eq(assets.mediaType, 'image')),
      videoCount: countWhere(eq(assets.mediaType, 'video')),
      featuredCount: countWhere(eq(assets.featured, true)),
      uploadedCount: countWhere(eq(assets.source, 'upload')),
      externalCount: countWhere(eq(assets.source, 'external')),
    })
    .from(assets)
    .get();
  const n = (v: unknown) => Number(v ?? 0);
  return {
    totalAssets: n(row?.totalAssets),
    imageCount: n(row?.imageCount),
    videoCount: n(row?.videoCount),
    featuredCount: n(row?.featuredCount),
    uploadedCount: n(row?.uploadedCount),
    externalCount: n(row?.externalCount),
  };
}
