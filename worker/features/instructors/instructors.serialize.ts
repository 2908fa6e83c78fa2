import type { InstructorType } from '#core/enrollments/enrollment-options.ts';
import type { InstructorEnrollmentView, PublicInstructorView } from '#core/enrollments/views.ts';
import { profileName } from '#core/users/person-name.ts';
import type { InstructorEnrollmentRow, UserRow } from '#db/schema/index.ts';
import { avatarUrl } from '#worker/lib/serialize-user.ts';
import { enrollmentUser } from '#worker/lib/enrollment-views.ts';
import { documentViews } from '#worker/lib/enrollment-documents.ts';

/** The parts of the applicant's user row an enrolment shows. */
export type ApplicantRow = Pick<
  UserRow,
  'id' | 'email' | 'role' | 'profile' | 'studentId' | 'membershipId' | 'instructorId' | 'profilePicture'
>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API path of a document: only the owner and the school can open it (GET /:id/documents/:index). */
export const documentUrl = (enrollmentId: string, index: number) => `/api/instructors/${enrollmentId}/documents/${index}`;

export function serializeInstructorEnrollment(row: InstructorEnrollmentRow, user: ApplicantRow): InstructorEnrollmentView {
  return {
    _id: row.id,
    user: enrollmentUser(user),
    enrollmentStatus: row.status,
    instructorStatus: row.instructorStatus,
    instructorType: row.instructorType as InstructorType,
    instructorId: user.instructorId ?? row.instructorId ?? null,
    userRole: user.role,
    grade: row.grade,
    experienceYears: row.experienceYears,
    specialties: row.specialties,
    bio: row.bio,
    availability: row.availability,
    phone: row.phone,
    documents: documentViews({ kind: 'instructor', id: row.id }, row.documents, (i) => documentUrl(row.id, i)),
    notes: row.notes,
    approvedAt: iso(row.approvedAt),
    approvalNotes: row.approvalNotes,
    cancelReason: row.cancelReason,
    cancelledAt: iso(row.cancelledAt),
    suspendReason: row.suspendReason,
    suspendedAt: iso(row.suspendedAt),
    reactivateReason: row.reactivateReason,
    reactivatedAt: iso(row.reactivatedAt),
    completionNotes: row.completionNotes,
    completedAt: iso(row.completedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What anyone may see of an active instructor: no e-mail, phone, notes or documents. */
export function serializePublicInstructor(row: InstructorEnrollmentRow, user: ApplicantRow): PublicInstructorView {
  return {
    _id: row.id,
    name: profileName(user.profile, 'Instructor'),
    instructorType: row.instructorType as InstructorType,
    instructorId: user.instructorId ?? row.instructorId ?? null,
    grade: row.grade,
    specialties: row.specialties,
    bio: row.bio,
    profilePicture: avatarUrl(user.profilePicture),
  };
}
