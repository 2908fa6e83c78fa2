/** Inputs of `/api/instructors` (decision 012 "Instructors"): the application form, the moves' bodies and the list queries. */
import { z } from 'zod';
import { firstOf, isBlank, requiredText, text, wholeNumber } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';
import { ENROLLMENT_LIMITS, INSTRUCTOR_TYPES } from './enrollment-options.ts';
import { INSTRUCTOR_ENROLLMENT_STATUSES, INSTRUCTOR_STATUSES } from './enrollment-status.ts';

const MB = 1024 * 1024;

export const INSTRUCTOR_LIMITS = {
  gradeMax: 100,
  minExperienceYears: 0,
  maxExperienceYears: 80,
  specialtiesMax: 10,
  specialtyMax: 100,
  bioMax: 2000,
  availabilityMax: 500,
  phoneMax: 30,
  searchMax: 100,
  /** The whole multipart body: every document at its largest plus the text fields. */
  bodyBytes: ENROLLMENT_LIMITS.maxDocuments * ENROLLMENT_LIMITS.maxDocumentBytes + MB,
} as const;
const L = INSTRUCTOR_LIMITS;

export const INSTRUCTOR_MESSAGES = {
  applied: 'Application submitted',
  approved: 'Instructor application approved',
  rejected: 'Instructor application rejected',
  suspended: 'Instructor suspended',
  reactivated: 'Instructor reactivated',
  completed: 'Instructor engagement completed',
  cancelled: 'Instructor application cancelled',
  deleted: 'Instructor application deleted',
  invalidType: `Instructor type must be one of: ${INSTRUCTOR_TYPES.join(', ')}`,
  invalidStatus: `Status must be one of: ${INSTRUCTOR_ENROLLMENT_STATUSES.join(', ')}`,
  invalidInstructorStatus: `Instructor status must be one of: ${INSTRUCTOR_STATUSES.join(', ')}`,
  gradeRequired: 'Grade (belt rank) is required',
  bioRequired: 'Bio is required',
  experienceYears: `Experience years must be a whole number from ${L.minExperienceYears} to ${L.maxExperienceYears}`,
  tooManySpecialties: `At most ${L.specialtiesMax} specialties, each up to ${L.specialtyMax} characters`,
  suspendReasonRequired: 'A reason for the suspension is required',
  bodyTooLarge: `The application is too large: at most ${ENROLLMENT_LIMITS.maxDocuments} documents of ${ENROLLMENT_LIMITS.maxDocumentBytes / MB}MB`,
  wrongType: 'Send the application as multipart/form-data (or JSON without documents)',
} as const;
const M = INSTRUCTOR_MESSAGES;

export const isInstructorType = (v: unknown): v is (typeof INSTRUCTOR_TYPES)[number] =>
  typeof v === 'string' && (INSTRUCTOR_TYPES as readonly string[]).includes(v);

const lowerTrim = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
export const InstructorTypeField = z.preprocess(lowerTrim, z.enum(INSTRUCTOR_TYPES, { error: M.invalidType }));

/** Specialties arrive already split (repeated fields or comma-separated text); blanks and repeats (any case) go. */
const SpecialtiesField = z
  .array(z.string().trim().max(L.specialtyMax, M.tooManySpecialties), { error: M.tooManySpecialties })
  .transform((list) => list.filter((s, i) => s && list.findIndex((t) => t.toLowerCase() === s.toLowerCase()) === i))
  .pipe(z.array(z.string()).max(L.specialtiesMax, M.tooManySpecialties));

/** POST /api/instructors text fields (a repeated field reads as its first value; specialties as a list). */
export const ApplyInstructorSchema = z.object({
  instructorType: firstOf(InstructorTypeField),
  grade: firstOf(requiredText('Grade', L.gradeMax, { required: M.gradeRequired })),
  experienceYears: firstOf(
    z.preprocess(
      (v) => (v === undefined || isBlank(v) ? 0 : v),
      wholeNumber('Experience years', L.minExperienceYears, L.maxExperienceYears, { message: M.experienceYears }),
    ),
  ),
  specialties: SpecialtiesField.default([]),
  bio: firstOf(requiredText('Bio', L.bioMax, { required: M.bioRequired })),
  availability: firstOf(text('Availability', L.availabilityMax)).default(''),
  phone: firstOf(text('Phone', L.phoneMax)).default(''),
  notes: firstOf(text('Notes', ENROLLMENT_LIMITS.notesMax)).default(''),
});
export type ApplyInstructorInput = z.output<typeof ApplyInstructorSchema>;

/** An optional reason or note: blank means none. */
const optionalReason = (label: string) =>
  z.preprocess((v) => (v === null || isBlank(v) ? undefined : v), text(label, ENROLLMENT_LIMITS.reasonMax).optional());

export const ApproveInstructorSchema = z.object({ approvalNotes: optionalReason('Approval notes') });
export const RejectInstructorSchema = z.object({ rejectionReason: optionalReason('Rejection reason') });
export const SuspendInstructorSchema = z.object({
  suspendReason: requiredText('Suspend reason', ENROLLMENT_LIMITS.reasonMax, { required: M.suspendReasonRequired }),
});
export const ReactivateInstructorSchema = z.object({ reactivateReason: optionalReason('Reactivate reason') });
export const CompleteInstructorSchema = z.object({ completionNotes: optionalReason('Completion notes') });
export const CancelInstructorSchema = z.object({ cancelReason: optionalReason('Cancel reason') });

/** A filter absent or blank means none; a value outside its list is a 400 naming the list. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  firstOf(z.preprocess((v) => (v === undefined || isBlank(v) ? undefined : v), schema.optional()));
const SearchField = optionalFilter(z.string().trim().max(L.searchMax, `Search term must be at most ${L.searchMax} characters`));

/** GET /api/instructors/type/:type?search&page&limit (public). */
export const PublicInstructorsQuery = pagingQuery(ENROLLMENT_LIMITS.adminInstructorPageSize, ENROLLMENT_LIMITS.maxPageSize).extend({
  search: SearchField,
});
export type PublicInstructorsQueryInput = z.output<typeof PublicInstructorsQuery>;

/** GET /api/instructors/admin/all?status&instructorStatus&type&search&page&limit (spec 9: 20 a page). */
export const AdminInstructorsQuery = pagingQuery(ENROLLMENT_LIMITS.adminInstructorPageSize, ENROLLMENT_LIMITS.maxPageSize).extend({
  status: optionalFilter(z.enum(INSTRUCTOR_ENROLLMENT_STATUSES, { error: M.invalidStatus })),
  instructorStatus: optionalFilter(z.enum(INSTRUCTOR_STATUSES, { error: M.invalidInstructorStatus })),
  type: optionalFilter(InstructorTypeField),
  search: SearchField,
});
export type AdminInstructorsQueryInput = z.output<typeof AdminInstructorsQuery>;
