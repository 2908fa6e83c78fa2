import { z } from 'zod';
import { PUBLIC_PREFIXES } from '#worker/lib/public-files.ts';

const MB = 1024 * 1024;

/**
 * Limits of /api/upload: an image at most 5 MB, a PDF at most 10 MB, at most 10 files per
 * /multiple call and 30 MB in all (the whole body is buffered in the Worker's memory).
 */
export const UPLOAD_LIMITS = { imageBytes: 5 * MB, pdfBytes: 10 * MB, files: 10, multipleTotalBytes: 30 * MB } as const;

export const UPLOAD_MESSAGES = {
  imageTooLarge: 'Image size must not exceed 5MB',
  pdfTooLarge: 'PDF size must not exceed 10MB',
  fileTooLarge: 'File size must not exceed 10MB',
  totalTooLarge: 'Total upload size must not exceed 30MB',
  wrongType: 'Only JPEG, PNG, WebP and GIF images or PDF files are allowed',
  notMultipart: 'Please send the upload as multipart form data',
  noFile: 'Please choose a file to upload',
  noFiles: 'Please choose at least one file to upload',
  tooManyFiles: `You can upload at most ${UPLOAD_LIMITS.files} files at once`,
  uploaded: 'File uploaded successfully',
} as const;

/** Types accepted by magic bytes, each with its own size limit and message. */
export const UPLOAD_TYPES: Record<string, { maxBytes: number; tooLarge: string }> = {
  'image/jpeg': { maxBytes: UPLOAD_LIMITS.imageBytes, tooLarge: UPLOAD_MESSAGES.imageTooLarge },
  'image/png': { maxBytes: UPLOAD_LIMITS.imageBytes, tooLarge: UPLOAD_MESSAGES.imageTooLarge },
  'image/webp': { maxBytes: UPLOAD_LIMITS.imageBytes, tooLarge: UPLOAD_MESSAGES.imageTooLarge },
  'image/gif': { maxBytes: UPLOAD_LIMITS.imageBytes, tooLarge: UPLOAD_MESSAGES.imageTooLarge },
  'application/pdf': { maxBytes: UPLOAD_LIMITS.pdfBytes, tooLarge: UPLOAD_MESSAGES.pdfTooLarge },
};

/** Public prefixes an admin may upload into; avatars belong to their users and have their own call. */
export const UPLOAD_FOLDERS = PUBLIC_PREFIXES.filter((p) => p !== 'avatars');
export const DEFAULT_FOLDER = 'uploads';
export const UPLOAD_FORMATS = ['auto', 'jpg', 'jpeg', 'png', 'webp', 'gif', 'pdf'] as const;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const FOLDER_MESSAGE = `Folder must be one of: ${UPLOAD_FOLDERS.join(', ')}`;
const QUALITY_MESSAGE = 'Quality must be auto or a whole number from 1 to 100';

/** The optional fields beside the file(s). They are recorded with the object; images are not transformed. */
export const UploadOptionsSchema = z.object({
  folder: z.preprocess(
    (v) => blankToUndefined(v) ?? DEFAULT_FOLDER,
    z
      .string({ error: FOLDER_MESSAGE })
      .trim()
      .toLowerCase()
      .refine((f) => (UPLOAD_FOLDERS as readonly string[]).includes(f), FOLDER_MESSAGE),
  ),
  quality: z.preprocess(
    blankToUndefined,
    z
      .string({ error: QUALITY_MESSAGE })
      .trim()
      .toLowerCase()
      .refine((q) => q === 'auto' || (/^\d{1,3}$/.test(q) && Number(q) >= 1 && Number(q) <= 100), QUALITY_MESSAGE)
      .optional(),
  ),
  format: z.preprocess(
    (v) => blankToUndefined(typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(UPLOAD_FORMATS, { error: `Format must be one of: ${UPLOAD_FORMATS.join(', ')}` }).optional(),
  ),
  transformation: z.preprocess(
    blankToUndefined,
    z.string({ error: 'Transformation must be text' }).trim().max(500, 'Transformation must be at most 500 characters').optional(),
  ),
});
export type UploadOptions = z.output<typeof UploadOptionsSchema>;
