import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { isAdminCapable } from '#core/roles.ts';
import type { CreateWaiverInput, UpdateWaiverInput } from '#core/waivers/waiver-schemas.ts';
import { SETTINGS_ID, siteSettings, waiverDocuments, waiverVersions, type WaiverDocumentRow } from '#db/schema/index.ts';
import { sha256Hex } from '#worker/lib/digest.ts';
import { notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { missingCount, signedCount, versionOf } from './waivers.queries.ts';
import { serializeDocument, serializeVersion } from './waivers.serialize.ts';

export const WAIVER_NOT_FOUND = 'Waiver not found';

const requiredId = async (ctx: ServiceCtx) =>
  (await ctx.db.select({ id: siteSettings.requiredWaiverId }).from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID)).get())?.id ?? null;

/** A document the caller may see: any for the admin-capable, an active one for everyone else; else 404. */
export async function visibleDocument(ctx: ServiceCtx, id: string): Promise<WaiverDocumentRow> {
  const user = signedIn(ctx);
  const doc = await ctx.db.select().from(waiverDocuments).where(eq(waiverDocuments.id, id)).get();
  if (!doc || (!doc.isActive && !isAdminCapable(user.role))) throw notFound(WAIVER_NOT_FOUND);
  return doc;
}

async function view(ctx: ServiceCtx, doc: WaiverDocumentRow, required: string | null) {
  const current = doc.currentVersion ? ((await versionOf(ctx.db, doc.id, doc.currentVersion)) ?? null) : null;
  const counts =
    isAdminCapable(signedIn(ctx).role) && current
      ? { signedCount: await signedCount(ctx.db, current.id), missingCount: await missingCount(ctx.db, current.id) }
      : isAdminCapable(signedIn(ctx).role)
        ? { signedCount: 0, missingCount: 0 }
        : undefined;
  return serializeDocument(doc, current, required, counts);
}

/** GET /api/waivers: active documents (all for the admin-capable), newest first. */
export async function listWaivers(ctx: ServiceCtx) {
  const user = signedIn(ctx);
  const docs = await ctx.db
    .select()
    .from(waiverDocuments)
    .where(isAdminCapable(user.role) ? undefined : eq(waiverDocuments.isActive, true))
    .orderBy(desc(waiverDocuments.createdAt), desc(waiverDocuments.id));
  const required = await requiredId(ctx);
  return Promise.all(docs.map((d) => view(ctx, d, required)));
}

export async function getWaiver(ctx: ServiceCtx, id: string) {
  return view(ctx, await visibleDocument(ctx, id), await requiredId(ctx));
}

/** POST /api/waivers: the document and its version 1 in one batch. */
export async function createWaiver(ctx: ServiceCtx, input: CreateWaiverInput) {
  const user = signedIn(ctx);
  const id = newId();
  const at = new Date();
  await batch(ctx.db, [
    ctx.db.insert(waiverDocuments).values({ id, title: input.title, currentVersion: 1, createdBy: user.id, createdAt: at, updatedAt: at }),
    ctx.db.insert(waiverVersions).values({
      id: newId(),
      documentId: id,
      version: 1,
      body: input.body,
      bodySha256: await sha256Hex(input.body),
      publishedBy: user.id,
      publishedAt: at,
    }),
  ]);
  return getWaiver(ctx, id);
}

/**
 * PUT /api/waivers/:id. A changed body publishes version n+1: ONE batch inserts the version numbered from
 * the row's current_version and bumps it, so two parallel edits get two numbers; old versions and their
 * signatures are never touched. The same body again publishes nothing.
 */
export async function updateWaiver(ctx: ServiceCtx, id: string, input: UpdateWaiverInput) {
  const user = signedIn(ctx);
  const doc = await visibleDocument(ctx, id);
  const current = doc.currentVersion ? await versionOf(ctx.db, id, doc.currentVersion) : undefined;
  const bodySha256 = input.body === undefined ? null : await sha256Hex(input.body);
  const publish = input.body !== undefined && bodySha256 !== current?.bodySha256;
  const at = new Date();
  const changes = {
    updatedAt: at,
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
  };
  if (publish) {
    await batch(ctx.db, [
      ctx.db.run(
        sql`insert into ${waiverVersions} (id, document_id, version, body, body_sha256, published_by, published_at)
            select ${newId()}, ${waiverDocuments.id}, ${waiverDocuments.currentVersion} + 1, ${input.body}, ${bodySha256}, ${user.id}, ${at.getTime()}
            from ${waiverDocuments} where ${waiverDocuments.id} = ${id}`,
      ),
      ctx.db
        .update(waiverDocuments)
        .set({ ...changes, currentVersion: sql`${waiverDocuments.currentVersion} + 1` })
        .where(eq(waiverDocuments.id, id)),
    ]);
  } else if (input.title !== undefined || input.isActive !== undefined) {
    await ctx.db.update(waiverDocuments).set(changes).where(eq(waiverDocuments.id, id));
  }
  return getWaiver(ctx, id);
}

/** GET /api/waivers/:id/versions (admin-capable): every published text, newest first. */
export async function listVersions(ctx: ServiceCtx, id: string) {
  await visibleDocument(ctx, id);
  const rows = await ctx.db
    .select()
    .from(waiverVersions)
    .where(and(eq(waiverVersions.documentId, id)))
    .orderBy(desc(waiverVersions.version), asc(waiverVersions.id));
  return rows.map(serializeVersion);
}
