import type { StoredFile } from '#db/schema/index.ts';
import { badRequest, tooLarge, unsupportedType } from '#worker/lib/errors.ts';
import { cleanFileName } from '#worker/lib/file-name.ts';
import { checkImageDimensions } from '#worker/lib/image-size.ts';
import { objectKey, type PendingObject } from '#worker/lib/stored-objects.ts';
import { IMAGE_TYPES, sniffType, type SniffedType } from '#worker/lib/uploads.ts';
import { FILE_UPLOAD_LIMITS as L, FILE_UPLOAD_MESSAGES as M } from './file-uploads.input.ts';

export type PreparedFile = { file: StoredFile; object: PendingObject };

const SPREADSHEETS = new Set(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel']);

/** CSV has no magic number: accept UTF-8 text without NUL bytes (UTF-16 exports are refused). */
function csvType(bytes: Uint8Array): SniffedType | null {
  if (!bytes.length || bytes.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { mime: 'text/csv', ext: 'csv' };
  } catch {
    return null;
  }
}

function prepared(file: File, bytes: Uint8Array, type: SniffedType, extra: Partial<StoredFile> = {}): PreparedFile {
  const key = objectKey('file-uploads', type.ext);
  const filename = cleanFileName(file.name, type.ext);
  return {
    file: { key, filename, mimeType: type.mime, size: bytes.length, ...extra },
    object: { key, bytes, contentType: type.mime, metadata: { filename } },
  };
}

/** The one spreadsheet of an upload: xlsx (ZIP with an `xl/` part), xls (OLE container) or CSV text. */
export async function prepareExcel(files: readonly File[]): Promise<PreparedFile | null> {
  if (files.length > 1) throw badRequest(M.oneExcel);
  const file = files[0];
  if (!file) return null;
  if (file.size > L.excelBytes) throw tooLarge(M.excelTooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffType(bytes);
  const type = sniffed ? (SPREADSHEETS.has(sniffed.mime) ? sniffed : null) : csvType(bytes);
  if (!type) throw unsupportedType(M.excelType);
  return prepared(file, bytes, type);
}

/** JPEG, PNG or WebP by magic bytes, each within the size and pixel limits, with width and height recorded. */
export async function prepareImages(files: readonly File[], alreadyKept = 0): Promise<PreparedFile[]> {
  if (files.length + alreadyKept > L.imagesPerUpload) throw badRequest(M.tooManyImages);
  const out: PreparedFile[] = [];
  for (const file of files) {
    if (file.size > L.imageBytes) throw tooLarge(M.imageTooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffType(bytes);
    if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) throw unsupportedType(M.imageType);
    const size = checkImageDimensions(bytes);
    out.push(prepared(file, bytes, type, { width: size?.width ?? null, height: size?.height ?? null }));
  }
  return out;
}

/** A reference sent back in `existingExcelFile` / `existingImages`: the key, or its `/api/files/<key>` url. */
export function fileRef(ref: string): string {
  const at = ref.indexOf('file-uploads/');
  return at >= 0 ? ref.slice(at).split(/[?#]/)[0]! : ref;
}
