import { and, desc, eq, inArray } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { ALLIANCE_MESSAGES, CreateAllianceSchema, UpdateAllianceSchema } from '#core/media/alliance-schemas.ts';
import { alliances, type AllianceRow } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { objectUrl } from '#worker/lib/public-files.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { insertWithImage, updateWithImage, type StoredImage } from '#worker/lib/image-slot.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { filesOf, type RequestBody } from '#worker/lib/body.ts';
import { likeAny, sameKey } from '#worker/lib/sql.ts';
import { PUBLIC_ALLIANCES, PUBLIC_ALLIANCES_ORDER } from './alliances.queries.ts';
import { removeObjects } from '#worker/lib/stored-files.ts';

export const ALLIANCE_PREFIX = 'alliances';
const LOGO_FIELDS = ['logo', 'image', 'file'] as const;

export const serializeAlliance = (row: AllianceRow) => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  website: row.website,
  country: row.country,
  logo: objectUrl(row.logoKey),
  logoWidth: row.logoWidth,
  logoHeight: row.logoHeight,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const logoColumns = (img: StoredImage | null) => ({
  logoKey: img?.key ?? null,
  logoWidth: img?.width ?? null,
  logoHeight: img?.height ?? null,
});

type ListQuery = { page: number; limit: number; isActive?: boolean | undefined; search?: string | undefined };

/** GET /api/allience: active alliances by name, for everyone (the admin list is /admin). */
export async function listActiveAlliances(ctx: ServiceCtx, query: ListQuery) {
  const { rows, pagination } = await listPage(ctx.db, {
    table: alliances,
    where: and(PUBLIC_ALLIANCES, query.search ? likeAny(query.search, [alliances.name]) : undefined),
    orderBy: PUBLIC_ALLIANCES_ORDER,
    page: query.page,
    limit: query.limit,
  });
  return { alliances: rows.map(serializeAlliance), pagination };
}

/** GET /api/allience/admin: every alliance, newest first, filtered by isActive and name/country search. */
export async function listAllAlliances(ctx: ServiceCtx, query: ListQuery) {
  const { rows, pagination } = await listPage(ctx.db, {
    table: alliances,
    where: and(
      query.isActive === undefined ? undefined : eq(alliances.isActive, query.isActive),
      query.search ? likeAny(query.search, [alliances.name, alliances.country]) : undefined,
    ),
    orderBy: [desc(alliances.createdAt), desc(alliances.id)],
    page: query.page,
    limit: query.limit,
  });
  return { alliances: rows.map(serializeAlliance), pagination };
}

async function loadAlliance(ctx: ServiceCtx, id: string, includeHidden: boolean) {
  const row = await ctx.db.select().from(alliances).where(eq(alliances.id, id)).get();
  if (!row || (!row.isActive && !includeHidden)) throw notFound(ALLIANCE_MESSAGES.notFound);
  return row;
}

export const getAlliance = async (ctx: ServiceCtx, id: string) => serializeAlliance(await loadAlliance(ctx, id, seesHidden(ctx)));

export async function createAlliance(ctx: ServiceCtx, input: RequestBody) {
  const { removeLogo: _ignored, ...data } = parseInput(CreateAllianceSchema, input.fields);
  const [file] = filesOf(input, LOGO_FIELDS);
  const row = await insertWithImage(ctx, ALLIANCE_PREFIX, file, (image) =>
    ctx.db
      .insert(alliances)
      .values({
        id: newId(),
        name: data.name,
        description: data.description ?? '',
        website: data.website ?? null,
        country: data.country ?? '',
        isActive: data.isActive ?? true,
        ...logoColumns(image),
      })
      .returning()
      .get(),
  );
  return serializeAlliance(row);
}

/** PUT: the fields sent change; a new `logo` replaces the old one, `removeLogo=true` clears it. */
export async function updateAlliance(ctx: ServiceCtx, id: string, input: RequestBody) {
  const { removeLogo, ...data } = parseInput(UpdateAllianceSchema, input.fields);
  const current = await loadAlliance(ctx, id, true);
  const [file] = filesOf(input, LOGO_FIELDS);
  const row = await updateWithImage(ctx, {
    prefix: ALLIANCE_PREFIX,
    file,
    remove: removeLogo,
    oldKey: current.logoKey,
    notFoundMessage: ALLIANCE_MESSAGES.notFound,
    exists: async () => !!(await ctx.db.select({ id: alliances.id }).from(alliances).where(eq(alliances.id, id)).get()),
    update: (image) =>
      ctx.db
        .update(alliances)
        .set({ ...data, ...(image === undefined ? {} : logoColumns(image)), updatedAt: new Date() })
        .where(and(eq(alliances.id, id), sameKey(alliances.logoKey, current.logoKey)))
        .returning()
        .get(),
  });
  return serializeAlliance(row);
}

/** PATCH /:id/activate and /:id/deactivate: one statement each. */
export async function setAllianceActive(ctx: ServiceCtx, id: string, isActive: boolean) {
  const row = await ctx.db.update(alliances).set({ isActive, updatedAt: new Date() }).where(eq(alliances.id, id)).returning().get();
  if (!row) throw notFound(ALLIANCE_MESSAGES.notFound);
  return serializeAlliance(row);
}

export async function deleteAlliance(ctx: ServiceCtx, id: string) {
  const row = await ctx.db.delete(alliances).where(eq(alliances.id, id)).returning({ id: alliances.id, logoKey: alliances.logoKey }).get();
  if (!row) throw notFound(ALLIANCE_MESSAGES.notFound);
  await removeObjects(ctx.storage, [row.logoKey]);
  return { _id: row.id };
}

export async function bulkDeleteAlliances(ctx: ServiceCtx, ids: string[]) {
  const rows = await ctx.db.delete(alliances).where(inArray(alliances.id, ids)).returning({ logoKey: alliances.logoKey });
  await removeObjects(
    ctx.storage,
    rows.map((r) => r.logoKey),
  );
  return { deletedCount: rows.length };
}
