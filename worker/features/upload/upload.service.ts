import { parseInput } from '#worker/lib/validate.ts';
import { AppError, badRequest, type FieldError } from '#worker/lib/errors.ts';
import { imageSize, type ImageSize } from '#worker/lib/image-size.ts';
import { objectKey, putObjects } from '#worker/lib/stored-objects.ts';
import { MULTIPART_OVERHEAD_BYTES, parseMultipart, readLimitedBody, sniffType, type SniffedType } from '#worker/lib/uploads.ts';
import { fileUrl } from '#worker/lib/public-files.ts';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES, UPLOAD_TYPES, UploadOptionsSchema, type UploadOptions } from './upload.rules.ts';

export type UploadCtx = { storage: R2Bucket; userId: string };
type Checked = { bytes: Uint8Array; type: SniffedType; size: ImageSize | null; originalName: string };

/** The file's own name without any path or control characters, for the download name only. */
export function cleanName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return base || `upload.${ext}`;
}

function fail(code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE', message: string, index: number | null, name: string): AppError {
  const errors: FieldError[] | undefined = index === null ? undefined : [{ path: `files.${index}`, message: `${name}: ${message}` }];
  return new AppError(code, message, errors ? { errors } : {});
}

/** Type by magic bytes, then that type's size limit; nothing is stored before every file passed. */
async function check(file: File, index: number | null): Promise<Checked> {
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  const type = sniffType(head);
  const rule = type ? UPLOAD_TYPES[type.mime] : undefined;
  if (!type || !rule) throw fail('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.wrongType, index, file.name);
  if (file.size > rule.maxBytes) throw fail('PAYLOAD_TOO_LARGE', rule.tooLarge, index, file.name);
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { bytes, type, size: type.mime.startsWith('image/') ? imageSize(bytes) : null, originalName: cleanName(file.name, type.ext) };
}

const isChosen = (v: FormDataEntryValue): v is File => typeof v !== 'string' && !(v.size === 0 && !v.name);

async function readForm(request: Request, maxBytes: number, tooLarge: string) {
  const bytes = await readLimitedBody(request, maxBytes + MULTIPART_OVERHEAD_BYTES, tooLarge);
  const form = await parseMultipart(bytes, request.headers.get('content-type') ?? undefined);
  if (!form) throw badRequest(UPLOAD_MESSAGES.notMultipart);
  const options = parseInput(
    UploadOptionsSchema,
    Object.fromEntries(['folder', 'quality', 'format', 'transformation'].map((k) => [k, form.get(k)])),
  );
  return { form, options };
}

function metadataOf(ctx: UploadCtx, c: Checked, o: UploadOptions): Record<string, string> {
  const meta: Record<string, string> = { filename: c.originalName, uploadedBy: ctx.userId };
  if (c.size) Object.assign(meta, { width: String(c.size.width), height: String(c.size.height) });
  if (o.quality) meta.quality = o.quality;
  if (o.format) meta.format = o.format;
  if (o.transformation) meta.transformation = o.transformation;
  return meta;
}

/** Puts every file; if any put fails, the ones already stored are deleted before the error goes on. */
async function store(ctx: UploadCtx, files: Checked[], options: UploadOptions) {
  const keys = files.map((f) => objectKey(options.folder, f.type.ext));
  await putObjects(
    ctx.storage,
    files.map((f, i) => ({ key: keys[i]!, bytes: f.bytes, contentType: f.type.mime, metadata: metadataOf(ctx, f, options) })),
  );
  return files.map((f, i) => ({
    key: keys[i]!,
    url: fileUrl(keys[i]!)!,
    contentType: f.type.mime,
    size: f.bytes.byteLength,
    width: f.size?.width ?? null,
    height: f.size?.height ?? null,
    originalName: f.originalName,
    folder: options.folder,
    options: { quality: options.quality ?? null, format: options.format ?? null, transformation: options.transformation ?? null },
  }));
}

/** POST /api/upload/single: field `file`. */
export async function uploadSingle({ ctx, request }: { ctx: UploadCtx; request: Request }) {
  const { form, options } = await readForm(request, UPLOAD_LIMITS.pdfBytes, UPLOAD_MESSAGES.fileTooLarge);
  const file = form.getAll('file').find(isChosen);
  if (!file) throw badRequest(UPLOAD_MESSAGES.noFile);
  const [stored] = await store(ctx, [await check(file, null)], options);
  return stored!;
}

/** POST /api/upload/multiple: field `files`, repeated; all or nothing. */
export async function uploadMultiple({ ctx, request }: { ctx: UploadCtx; request: Request }) {
  const { form, options } = await readForm(request, UPLOAD_LIMITS.multipleTotalBytes, UPLOAD_MESSAGES.totalTooLarge);
  const files = form.getAll('files').filter(isChosen);
  if (!files.length) throw badRequest(UPLOAD_MESSAGES.noFiles);
  if (files.length > UPLOAD_LIMITS.files) throw badRequest(UPLOAD_MESSAGES.tooManyFiles);
  const checked: Checked[] = [];
  for (const [i, file] of files.entries()) checked.push(await check(file, i));
  return store(ctx, checked, options);
}
