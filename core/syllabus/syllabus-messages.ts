import { GRADES, LINK_TYPES, SYLLABUS_CATEGORIES } from './grades.ts';

const MB = 1024 * 1024;

/** Upload limits of POST/PUT /api/syllabus (documented in worker/features/syllabus/README.md). */
export const SYLLABUS_LIMITS = {
  imageBytes: 5 * MB,
  documentBytes: 10 * MB,
  videoBytes: 25 * MB,
  /** The whole request body, refused (413) before it is read past this. */
  bodyBytes: 30 * MB,
  filesPerRequest: 10,
  materialsPerItem: 20,
  linksPerItem: 20,
  titleMax: 200,
  descriptionMax: 5000,
  linkTitleMax: 200,
  linkUrlMax: 2000,
} as const;

export const SYLLABUS_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${SYLLABUS_LIMITS.titleMax} characters`,
  descriptionTooLong: `Description must be at most ${SYLLABUS_LIMITS.descriptionMax} characters`,
  gradeRequired: 'Grade is required',
  gradeInvalid: `Grade must be one of: ${GRADES.join(', ')}`,
  categoryRequired: 'Category is required',
  categoryInvalid: `Category must be one of: ${SYLLABUS_CATEGORIES.join(', ')}`,
  isActiveInvalid: 'isActive must be true or false',
  linkUrlRequired: 'Each external link needs a URL',
  linkUrlInvalid: 'External links must be http:// or https:// URLs',
  linkTitleTooLong: `External link titles must be at most ${SYLLABUS_LIMITS.linkTitleMax} characters`,
  linkTypeInvalid: `External link type must be one of: ${LINK_TYPES.join(', ')}`,
  linksInvalid: 'External links must be a list of { title, url, type }',
  tooManyLinks: `A syllabus item can hold at most ${SYLLABUS_LIMITS.linksPerItem} external links`,
  materialType: 'Only PDF, Word (.docx), JPEG, PNG, WebP images and MP4 videos are allowed',
  imageTooLarge: 'Image size must not exceed 5MB',
  documentTooLarge: 'Document size must not exceed 10MB',
  videoTooLarge: 'Video size must not exceed 25MB',
  bodyTooLarge: 'The upload is too large: at most 30MB per request',
  tooManyFiles: `You can upload at most ${SYLLABUS_LIMITS.filesPerRequest} materials at a time`,
  tooManyMaterials: `A syllabus item can hold at most ${SYLLABUS_LIMITS.materialsPerItem} materials`,
  idsRequired: 'Syllabus IDs array is required',
  notFound: 'Syllabus item not found',
  materialNotFound: 'Material not found',
  created: 'Syllabus item created successfully',
  updated: 'Syllabus item updated successfully',
  deleted: 'Syllabus item deleted successfully',
  changedMeanwhile: 'This syllabus item was changed by someone else meanwhile; reload it and try again',
  otherGrade: 'Only the syllabus of your own grade is available to you',
  noGrade: 'No grade is set on your profile yet. Your instructor will set it, then your syllabus appears here.',
  linkExpired: 'This download link has expired; reload the page to get a new one',
  linkInvalid: 'This download link is not valid',
} as const;
