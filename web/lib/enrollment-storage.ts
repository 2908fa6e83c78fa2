import { readStoredJson, removeStored, STORAGE_KEYS as KEYS, writeStored } from './storage-keys.ts';

/** What the browser keeps between visits (spec 3 keys): choices and notes only, never files or card data. */
export type EnrollmentForm = { courseId: string; method: string; notes: string };
export type EnrollmentCoupon = { courseId: string; code: string };
export type CurrentEnrollment = { kind: 'course' | 'membership'; enrollmentId: string; courseId?: string; membershipId?: string };
export type MembershipForm = { membershipId: string; planId: string; method: string; notes: string };
export type InstructorDraft = Record<string, string>;

const key = (k: keyof typeof KEYS) => KEYS[k];
const read = <T>(k: keyof typeof KEYS) => readStoredJson<T>(key(k));
const write = (k: keyof typeof KEYS, value: unknown) => writeStored(key(k), JSON.stringify(value));

/** The saved form of this course only (another course's is left for its own page). */
export const savedEnrollmentForm = (courseId: string) => {
  const f = read<EnrollmentForm>('enrollmentForm');
  return f?.courseId === courseId ? f : null;
};
export const saveEnrollmentForm = (form: EnrollmentForm) => write('enrollmentForm', form);

export const savedEnrollmentCoupon = (courseId: string) => {
  const c = read<EnrollmentCoupon>('enrollmentCoupon');
  return c?.courseId === courseId && c.code ? c.code : null;
};
export const saveEnrollmentCoupon = (courseId: string, code: string | null) =>
  code ? write('enrollmentCoupon', { courseId, code } satisfies EnrollmentCoupon) : removeStored(key('enrollmentCoupon'));

export const saveCurrentEnrollment = (current: CurrentEnrollment) => write('currentEnrollment', current);
export const currentEnrollment = () => read<CurrentEnrollment>('currentEnrollment');

/** Spec 4: after a verified enrolment payment the saved form (and its coupon) go. */
export const clearCourseForm = () => removeStored(key('enrollmentForm'), key('enrollmentCoupon'), key('currentEnrollment'));

export const savedMembershipForm = (planId: string) => {
  const f = read<MembershipForm>('membershipForm');
  return f?.planId === planId ? f : null;
};
export const saveMembershipForm = (form: MembershipForm) => write('membershipForm', form);
export const clearMembershipForm = () => removeStored(key('membershipForm'), key('currentEnrollment'));

/**
 * Spec 3 "instructor data": what the applicant entered while it is unsent (a draft), then the application
 * the school received (it has an `_id`; the panel keeps it current). A sent application is never a draft.
 */
export const instructorDraft = (): InstructorDraft => {
  const data = read<InstructorDraft & { _id?: string }>('instructorData');
  return data && !data._id ? data : {};
};
export const saveInstructorDraft = (draft: InstructorDraft) => write('instructorData', draft);
export const saveInstructorApplication = (application: { _id: string }) => write('instructorData', application);
