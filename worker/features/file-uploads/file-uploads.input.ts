import { z } from 'zod';
import { pagingQuery } from '#core/paging.ts';
import { FormBool } from '#core/syllabus/syllabus-input.ts';

const MB = 1024 * 1024;

/** Limits of POST/PUT /api/file-uploads (README.md). */
export const FILE_UPLOAD_LIMITS = {
  excelBytes: 10 * MB,
  imageBytes: 5 * MB,
  imagesPerUpload: 10,
  bodyBytes: 25 * MB,
  titleMax: 200,
  descriptionMax: 5000,
  tagsMax: 20,
  tagMax: 50,
  categoryMax: 50,
} as const;
const L = FILE_UPLOAD_LIMITS;

export const FILE_UPLOAD_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${L.titleMax} characters`,
  descriptionTooLong: `Description must be at most ${L.descriptionMax} characters`,
  categoryTooLong: `Category must be at most ${L.categoryMax} characters`,
  tagsInvalid: `At most ${L.tagsMax} tags, each up to ${L.tagMax} characters`,
  isPublishedInvalid: 'isPublished must be true or false',
  excelType: 'Only Excel (.xlsx, .xls) and CSV files are allowed',
  excelTooLarge: 'Excel file size must not exceed 10MB',
  oneExcel: 'Only one Excel or CSV file can be attached',
  imageType: 'Only JPEG, PNG, and WebP images are allowed',
  imageTooLarge: 'Image size must not exceed 5MB',
  tooManyImages: `A file upload can hold at most ${L.imagesPerUpload} images`,
  bodyTooLarge: 'The upload is too large: at most 25MB per request',
  idsRequired: 'Upload IDs array is required',
  notFound: 'File upload not found',
  created: 'File uploaded successfully',
  updated: 'File upload updated successfully',
  deleted: 'File upload deleted successfully',
  changedMeanwhile: 'This file upload was changed by someone else meanwhile; reload it and try again',
} as const;
const M = FILE_UPLOAD_MESSAGES;

const TitleField = z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(L.titleMax, M.titleTooLong);
const DescriptionField = z.string({ error: M.descriptionTooLong }).trim().max(L.descriptionMax, M.descriptionTooLong);
const CategoryField = z
  .string({ error: M.categoryTooLong })
  .trim()
  .toLowerCase()
  .max(L.categoryMax, M.categoryTooLong)
  .transform((v) => v || 'general');
/** Tags arrive as a list already split by the form reader; trimmed, de-duplicated (case-insensitive, first spelling wins). */
export const TagsField = z
  .array(z.string().trim().max(L.tagMax, M.tagsInvalid), { error: M.tagsInvalid })
  .max(L.tagsMax * 5, M.tagsInvalid)
  .transform((tags) => tags.filter((t, i) => t && tags.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i))
  .pipe(z.array(z.string()).max(L.tagsMax, M.tagsInvalid));

export const CreateFileUploadFields = z.object({
  title: TitleField,
  description: DescriptionField.default(''),
  category: CategoryField.default('general'),
  tags: TagsField.default([]),
  isPublished: FormBool(M.isPublishedInvalid).default(true),
});

export const UpdateFileUploadFields = z.object({
  title: TitleField.optional(),
  description: DescriptionField.optional(),
  category: CategoryField.optional(),
  tags: TagsField.optional(),
  isPublished: FormBool(M.isPublishedInvalid).optional(),
});

const optText = (max: number) => z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().trim().max(max).optional()).catch(undefined);

/** GET /api/file-uploads: junk in the query is ignored, never an error. */
export const FileUploadListQuery = pagingQuery(20, 100).extend({
  userId: optText(64),
  search: optText(100),
  category: optText(L.categoryMax),
  isPublished: z.enum(['true', 'false']).optional().catch(undefined),
});
export type FileUploadListQuery = z.infer<typeof FileUploadListQuery>;

export const BulkDeleteFileUploadsInput = z.object(
  {
    uploadIds: z
      .array(z.string({ error: M.idsRequired }).trim().min(1, M.idsRequired).max(64, M.idsRequired), { error: M.idsRequired })
      .min(1, M.idsRequired)
      .max(100, 'You can delete at most 100 file uploads at once'),
  },
  { error: M.idsRequired },
);
