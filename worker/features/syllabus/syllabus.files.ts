import { newId } from '#core/ids.ts';
import { SYLLABUS_LIMITS as L, SYLLABUS_MESSAGES as M } from '#core/syllabus/syllabus-messages.ts';
import type { SyllabusMaterial } from '#db/schema/index.ts';
import { badRequest, tooLarge, unsupportedType } from '#worker/lib/errors.ts';
import { checkImageDimensions } from '#worker/lib/image-size.ts';
import type { PendingObject } from '#worker/lib/stored-objects.ts';
import { sniffType } from '#worker/lib/uploads.ts';
import { cleanFileName } from '#worker/lib/file-name.ts';

type Kind = SyllabusMaterial['kind'];

const KIND_OF: Record<string, Kind> = {
  'application/pdf': 'document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'document',
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'video/mp4': 'video',
};
const MAX_BYTES: Record<Kind, number> = { document: L.documentBytes, image: L.imageBytes, video: L.videoBytes };
const TOO_LARGE: Record<Kind, string> = { document: M.documentTooLarge, image: M.imageTooLarge, video: M.videoTooLarge };
const LARGEST = Math.max(...Object.values(MAX_BYTES));

export type PreparedMaterial = { material: SyllabusMaterial; object: PendingObject };

/** Checks every file (count, type by magic bytes, size for its kind) before anything is stored. */
export async function prepareMaterials(files: readonly File[]): Promise<PreparedMaterial[]> {
  if (files.length > L.filesPerRequest) throw badRequest(M.tooManyFiles);
  const prepared: PreparedMaterial[] = [];
  for (const file of files) {
    if (file.size > LARGEST) throw tooLarge(M.videoTooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffType(bytes);
    const kind = type ? KIND_OF[type.mime] : undefined;
    if (!type || !kind) throw unsupportedType(M.materialType);
    if (bytes.length > MAX_BYTES[kind]) throw tooLarge(TOO_LARGE[kind]);
    const id = newId();
    const key = `syllabus/${id}.${type.ext}`;
    const filename = cleanFileName(file.name, type.ext);
    const size = kind === 'image' ? checkImageDimensions(bytes) : null;
    prepared.push({
      material: {
        id,
        key,
        filename,
        mimeType: type.mime,
        size: bytes.length,
        kind,
        ...(size ? { width: size.width, height: size.height } : {}),
      },
      object: { key, bytes, contentType: type.mime, metadata: { filename } },
    });
  }
  return prepared;
}

/** A reference the client sends back in `existingMaterials`: the material id, its key, or its url. */
export function materialRef(ref: string): string {
  const m = ref.match(/\/materials\/([^/?#]+)/);
  return m?.[1] ?? ref;
}
