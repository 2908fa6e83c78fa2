import type { FileUploadRow, StoredFile } from '#db/schema/index.ts';
import { withId } from '#worker/lib/serialize.ts';
import { fileUrl } from '#worker/lib/public-files.ts';

const serializeFile = (f: StoredFile) => ({
  key: f.key,
  url: fileUrl(f.key),
  name: f.filename,
  filename: f.filename,
  mimeType: f.mimeType,
  size: f.size,
  ...(f.mimeType.startsWith('image/') ? { width: f.width ?? null, height: f.height ?? null } : {}),
});

/** Keys become public `/api/files/<key>` urls (spreadsheets download as attachments under their name). */
export function serializeFileUpload(row: FileUploadRow) {
  const { excelFile, images, ...rest } = row;
  return { ...withId(rest), excelFile: excelFile ? serializeFile(excelFile) : null, images: images.map(serializeFile) };
}
