import type { SyllabusMaterial, SyllabusRow } from '#db/schema/index.ts';
import { withId } from '#worker/lib/serialize.ts';
import { signedMaterialUrl } from './material-links.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

async function serializeMaterial(ctx: ServiceCtx, itemId: string, m: SyllabusMaterial) {
  const url = ctx.user
    ? await signedMaterialUrl(ctx.config.JWT_SECRET, { itemId, materialId: m.id, userId: ctx.user.id, tokenVersion: ctx.user.tokenVersion })
    : null;
  return {
    _id: m.id,
    name: m.filename,
    filename: m.filename,
    mimeType: m.mimeType,
    size: m.size,
    kind: m.kind,
    width: m.width ?? null,
    height: m.height ?? null,
    url,
  };
}

/** An item for its caller: each material carries a short-lived download link signed for that caller. */
export async function serializeSyllabus(ctx: ServiceCtx, row: SyllabusRow) {
  const { gradeRank: _rank, materials, ...rest } = row;
  return { ...withId(rest), materials: await Promise.all(materials.map((m) => serializeMaterial(ctx, row.id, m))) };
}

export type SyllabusView = Awaited<ReturnType<typeof serializeSyllabus>>;

export const serializeAll = (ctx: ServiceCtx, rows: SyllabusRow[]) => Promise.all(rows.map((r) => serializeSyllabus(ctx, r)));
