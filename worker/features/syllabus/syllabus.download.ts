import { eq, sql } from 'drizzle-orm';
import { isRole } from '#core/roles.ts';
import { readsEveryGrade, seesInactiveSyllabus } from '#core/syllabus/readers.ts';
import { normalizeGrade } from '#core/syllabus/grades.ts';
import { SYLLABUS_MESSAGES as M } from '#core/syllabus/syllabus-messages.ts';
import { syllabusItems, users, type SyllabusMaterial } from '#db/schema/index.ts';
import { notFound, unauthorized } from '#worker/lib/errors.ts';
import { NO_TOKEN } from '#worker/lib/auth-user.ts';
import { checkMaterialSignature } from './material-links.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { getRanged, partHeaders } from '#worker/lib/byte-range.ts';

export type LinkQuery = { uid?: string | undefined; exp?: string | undefined; sig?: string | undefined };

/**
 * GET /api/syllabus/:id/materials/:materialId with a bearer token or a signed link (`uid`, `exp`,
 * `sig`). Credentials are checked before anything about the item is looked at, so an anonymous
 * caller learns nothing (401); a caller of another grade gets 404.
 */
export async function downloadMaterial(ctx: ServiceCtx, id: string, materialId: string, link: LinkQuery, range: string | undefined) {
  const viewerId = ctx.user?.id ?? (link.uid && link.exp && link.sig ? link.uid.slice(0, 64) : undefined);
  if (!viewerId) throw unauthorized(NO_TOKEN);
  const [items, viewers] = await ctx.db.batch([
    ctx.db.select().from(syllabusItems).where(eq(syllabusItems.id, id)),
    ctx.db
      .select({
        role: users.role,
        tokenVersion: users.tokenVersion,
        isActive: users.isActive,
        deactivatedAt: users.deactivatedAt,
        grade: sql<unknown>`json_extract(${users.profile}, '$.grade')`,
      })
      .from(users)
      .where(eq(users.id, viewerId)),
  ]);
  const viewer = viewers[0];
  if (!ctx.user) {
    const usable = viewer && viewer.isActive && !viewer.deactivatedAt && isRole(viewer.role);
    const verdict = usable
      ? await checkMaterialSignature(
          ctx.config.JWT_SECRET,
          { itemId: id, materialId, userId: viewerId, tokenVersion: viewer.tokenVersion },
          link.exp!,
          link.sig!,
        )
      : 'invalid';
    if (verdict !== 'ok') throw unauthorized(verdict === 'expired' ? M.linkExpired : M.linkInvalid);
  }
  const item = items[0];
  const role = viewer && isRole(viewer.role) ? viewer.role : null;
  const allowed =
    item &&
    role &&
    (seesInactiveSyllabus(role) || (item.isActive && (readsEveryGrade(role) || normalizeGrade(viewer?.grade) === item.grade)));
  const material = allowed ? item.materials.find((m) => m.id === materialId) : undefined;
  if (!material) throw notFound(M.materialNotFound);
  const { object, ranged } = await getRanged(ctx.storage, material.key, range);
  if (!object || !('body' in object)) throw notFound(M.materialNotFound);
  return materialResponse(object, material, ranged);
}

/** Private bytes: never cached by shared caches, never sniffed; documents download under their own name. */
function materialResponse(object: R2ObjectBody, material: SyllabusMaterial, ranged: boolean): Response {
  const headers = new Headers({
    'content-type': material.mimeType,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, max-age=600',
    'accept-ranges': 'bytes',
    etag: object.httpEtag,
    'content-disposition': `${material.kind === 'document' ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(material.filename)}`,
  });
  if (ranged) {
    partHeaders(headers, object);
    return new Response(object.body, { status: 206, headers });
  }
  headers.set('content-length', String(object.size));
  return new Response(object.body, { headers });
}
