import type { CourseEnrollmentView, EnrollmentStats, InstructorEnrollmentView, MembershipEnrollmentView } from '#core/enrollments/views.ts';
import { pagination } from '#core/paging.ts';
import { ENROLLMENT_LIMITS } from '#core/enrollments/enrollment-options.ts';
import { api, type Pagination } from '#web/lib/api.ts';
import { readWithFallback, type OfflineInfo } from '#web/lib/content-api.ts';
import { listParams } from '#web/lib/enrollment-admin-rules.ts';

/** A list's filters as the screen keeps them (each screen uses its own keys); blank means "all". */
export type ListQuery = { page: number; search: string } & Record<string, string | number>;
export type Listing<T> = { rows: T[]; pagination: Pagination; stats: EnrollmentStats; offline?: OfflineInfo };
export type BulkDeleted = { deletedCount: number; deletedIds: string[]; keptIds: string[] };

export type EnrollmentApi = 'course' | 'membership';
const BASE: Record<EnrollmentApi, string> = { course: '/enroll', membership: '/purchase-membership' };
/** Spec 8 fallbacks, per kind: "Failed to approve enrollment" / "Failed to approve membership enrollment". */
const noun = (kind: EnrollmentApi) => (kind === 'course' ? 'enrollment' : 'membership enrollment');
const at = (base: string, id: string, tail = '') => `${base}/${encodeURIComponent(id)}${tail}`;

/**
 * The admin list; when the API cannot be reached the last stored copy of the same list answers
 * (spec 9: enrolment lists fall back to stored copies with success false) and says so.
 */
async function readList<T>(path: string, q: ListQuery, limit: number, fallback: string, signal: AbortSignal, unwrap: boolean) {
  const body = await readWithFallback<unknown>(path, { query: listParams(q, limit), signal, fallback });
  // Instructors answer { data: { enrollments, pagination, stats } }; courses and memberships put them at the top.
  const inner = (unwrap ? body.data : body) as { data?: T[]; enrollments?: T[]; pagination?: Pagination; stats?: EnrollmentStats };
  const rows = (unwrap ? inner?.enrollments : (inner?.data as T[] | undefined)) ?? [];
  const listing: Listing<T> = {
    rows,
    pagination: inner?.pagination ?? pagination(1, limit, rows.length),
    stats: inner?.stats ?? { total: rows.length },
  };
  if (body.offline) listing.offline = body.offline;
  return listing;
}

export const readCourseEnrollments = (q: ListQuery, signal: AbortSignal) =>
  readList<CourseEnrollmentView>(
    '/enroll/admin/all',
    q,
    ENROLLMENT_LIMITS.adminCoursePageSize,
    'Failed to fetch enrollments',
    signal,
    false,
  );

export const readMembershipEnrollments = (q: ListQuery, signal: AbortSignal) =>
  readList<MembershipEnrollmentView>(
    '/purchase-membership/admin/all',
    q,
    ENROLLMENT_LIMITS.adminMembershipPageSize,
    'Failed to fetch membership enrollments',
    signal,
    false,
  );

export const readInstructorApplications = (q: ListQuery, signal: AbortSignal) =>
  readList<InstructorEnrollmentView>(
    '/instructors/admin/all',
    q,
    ENROLLMENT_LIMITS.adminInstructorPageSize,
    'Failed to fetch instructor applications',
    signal,
    true,
  );

export const readEnrollment = <T>(kind: EnrollmentApi, id: string, signal?: AbortSignal) =>
  api<T>(at(BASE[kind], id), {
    signal,
    fallback: kind === 'course' ? 'Failed to fetch enrollment' : 'Failed to fetch membership enrollment',
  });

/** A blank note is left out, so the server keeps its own default. */
const note = (key: string, text: string) => (text.trim() ? { [key]: text.trim() } : {});

export const approveEnrollment = <T>(kind: EnrollmentApi, id: string, approvalNotes: string) =>
  api<T>(at(BASE[kind], id, '/approve'), {
    method: 'POST',
    body: note('approvalNotes', approvalNotes),
    fallback: `Failed to approve ${noun(kind)}`,
  });

export const rejectEnrollment = <T>(kind: EnrollmentApi, id: string, rejectionReason: string) =>
  api<T>(at(BASE[kind], id, '/reject'), {
    method: 'POST',
    body: note('rejectionReason', rejectionReason),
    fallback: `Failed to reject ${noun(kind)}`,
  });

export const deleteEnrollment = (kind: EnrollmentApi, id: string) =>
  api<{ _id: string }>(at(BASE[kind], id), { method: 'DELETE', fallback: `Failed to delete ${noun(kind)}` });

export const deleteEnrollments = (kind: EnrollmentApi, enrollmentIds: string[]) =>
  api<BulkDeleted>(`${BASE[kind]}/bulk/delete`, { method: 'DELETE', body: { enrollmentIds }, fallback: `Failed to delete ${noun(kind)}` });

// Instructor applications: every answer is { data: { enrollment, … } }.
export type InstructorAnswer = { enrollment: InstructorEnrollmentView; instructorId?: string; userRole?: string };
export type InstructorMove = 'approve' | 'reject' | 'suspend' | 'reactivate' | 'complete';
const INSTRUCTOR_MOVE: Record<InstructorMove, { field: string; fallback: string }> = {
  approve: { field: 'approvalNotes', fallback: 'Failed to approve instructor' },
  reject: { field: 'rejectionReason', fallback: 'Failed to reject instructor' },
  suspend: { field: 'suspendReason', fallback: 'Failed to suspend instructor' },
  reactivate: { field: 'reactivateReason', fallback: 'Failed to reactivate instructor' },
  complete: { field: 'completionNotes', fallback: 'Failed to complete instructor' },
};

export const readInstructorApplication = (id: string, signal?: AbortSignal) =>
  api<InstructorAnswer>(at('/instructors', id), { signal, fallback: 'Failed to fetch instructor application' });

export const moveInstructor = (move: InstructorMove, id: string, text: string) =>
  api<InstructorAnswer>(at('/instructors', id, `/${move}`), {
    method: 'POST',
    body: note(INSTRUCTOR_MOVE[move].field, text),
    fallback: INSTRUCTOR_MOVE[move].fallback,
  });

export const deleteInstructor = (id: string) =>
  api<{ _id: string }>(at('/instructors', id), { method: 'DELETE', fallback: 'Failed to delete instructor' });
