/** An instructor application's state in words for the applicant (GET /api/instructors/:id `statusDetails`). */
import { INSTRUCTOR_MOVES, type InstructorEnrollmentStatus, type InstructorStatus } from './enrollment-status.ts';
import type { InstructorStatusDetails } from './views.ts';

const SUSPENDED: Omit<InstructorStatusDetails, 'canCancel'> = {
  label: 'Suspended',
  description: 'Your instructor access is suspended. The school will tell you if it is restored.',
};

const BY_STATUS: Record<InstructorEnrollmentStatus, Omit<InstructorStatusDetails, 'canCancel'>> = {
  pending_approval: {
    label: 'Pending approval',
    description: 'Your application has been received and is waiting for the school to review it.',
  },
  approved: { label: 'Approved', description: 'Your application was approved. You can log in with your instructor ID.' },
  active: { label: 'Active', description: 'You are an active instructor of the school.' },
  cancelled: { label: 'Cancelled', description: 'This application was cancelled. You may apply again.' },
  completed: { label: 'Completed', description: 'Your engagement as an instructor is complete. You may apply again.' },
};

/** The label, a sentence for the applicant, and whether they may still cancel it. */
export function instructorStatusDetails(status: InstructorEnrollmentStatus, instructorStatus: InstructorStatus): InstructorStatusDetails {
  const live = (INSTRUCTOR_MOVES.suspend as readonly string[]).includes(status);
  const words = live && instructorStatus === 'suspended' ? SUSPENDED : BY_STATUS[status];
  return { ...words, canCancel: (INSTRUCTOR_MOVES.userCancel as readonly string[]).includes(status) };
}
