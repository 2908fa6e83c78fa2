import { z } from 'zod';
import { GRADES, LINK_TYPES, normalizeGrade, SYLLABUS_CATEGORIES } from './grades.ts';
import { SYLLABUS_LIMITS as L, SYLLABUS_MESSAGES as M } from './syllabus-messages.ts';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const GradeField = z.preprocess(
  (v) => (blank(v) ? undefined : normalizeGrade(v)),
  z.enum(GRADES, { error: (iss) => (iss.input === undefined ? M.gradeRequired : M.gradeInvalid) }),
);

const CategoryField = z.preprocess(
  (v) =>
    blank(v)
      ? undefined
      : typeof v === 'string'
        ? v
            .trim()
            .toLowerCase()
            .replace(/[\s_]+/g, '-')
        : v,
  z.enum(SYLLABUS_CATEGORIES, { error: (iss) => (iss.input === undefined ? M.categoryRequired : M.categoryInvalid) }),
);

const TitleField = z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(L.titleMax, M.titleTooLong);
const DescriptionField = z.string({ error: M.descriptionTooLong }).trim().max(L.descriptionMax, M.descriptionTooLong);

/** Form fields arrive as text: "true"/"false", "1"/"0", "on"/"off", "yes"/"no". */
export const FormBool = (message: string) =>
  z.preprocess(
    (v) => {
      if (typeof v === 'boolean') return v;
      const s = typeof v === 'string' ? v.trim().toLowerCase() : v;
      if (s === 'true' || s === '1' || s === 'on' || s === 'yes') return true;
      if (s === 'false' || s === '0' || s === 'off' || s === 'no') return false;
      return v;
    },
    z.boolean({ error: message }),
  );

/** Only absolute http(s) URLs: a `javascript:` or `data:` link must never reach a page. */
export const HttpUrl = z
  .string({ error: M.linkUrlRequired })
  .trim()
  .min(1, M.linkUrlRequired)
  .max(L.linkUrlMax, M.linkUrlInvalid)
  .transform((v, ctx) => {
    let url: URL | undefined;
    try {
      url = /[\s\p{Cc}]/u.test(v) ? undefined : new URL(v);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
      ctx.addIssue({ code: 'custom', message: M.linkUrlInvalid });
      return z.NEVER;
    }
    return url.href;
  });

export const ExternalLinkInput = z.object(
  {
    title: z.string({ error: M.linkTitleTooLong }).trim().max(L.linkTitleMax, M.linkTitleTooLong).optional(),
    url: HttpUrl,
    type: z.preprocess(
      (v) => (blank(v) ? 'other' : typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(LINK_TYPES, { error: M.linkTypeInvalid }),
    ),
  },
  { error: M.linksInvalid },
);
export type ExternalLinkInput = z.infer<typeof ExternalLinkInput>;

export const ExternalLinksInput = z.array(ExternalLinkInput, { error: M.linksInvalid }).max(L.linksPerItem, M.tooManyLinks);

/** The text fields of POST /api/syllabus (files and links are read separately from the form). */
export const CreateSyllabusFields = z.object({
  title: TitleField,
  description: DescriptionField.default(''),
  grade: GradeField,
  category: CategoryField,
  isActive: FormBool(M.isActiveInvalid).default(true),
});
export type CreateSyllabusFields = z.infer<typeof CreateSyllabusFields>;

/** PUT /api/syllabus/:id: every field optional; a field that is sent must be valid. */
export const UpdateSyllabusFields = z.object({
  title: TitleField.optional(),
  description: DescriptionField.optional(),
  grade: GradeField.optional(),
  category: CategoryField.optional(),
  isActive: FormBool(M.isActiveInvalid).optional(),
});
export type UpdateSyllabusFields = z.infer<typeof UpdateSyllabusFields>;

export const BulkDeleteSyllabusInput = z.object(
  {
    syllabusIds: z
      .array(z.string({ error: M.idsRequired }).trim().min(1, M.idsRequired).max(64, M.idsRequired), { error: M.idsRequired })
      .min(1, M.idsRequired)
      .max(100, 'You can delete at most 100 syllabus items at once'),
  },
  { error: M.idsRequired },
);
