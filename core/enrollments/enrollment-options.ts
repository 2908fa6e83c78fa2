/** Enrolment constants (spec 9 and our own, named here once for the server and the browser). */

export const ENROLLMENT_LIMITS = {
  /** Spec 9 admin page sizes. */
  adminCoursePageSize: 10,
  adminMembershipPageSize: 10,
  adminInstructorPageSize: 20,
  maxPageSize: 100,
  /** An unpaid enrolment or renewal holds its seat and coupon use this long, then the scheduled run cancels it. */
  paymentWindowDays: 7,
  /** Members hear about the end of their membership this many days before it. */
  reminderDaysBefore: 7,
  maxDocuments: 5,
  maxDocumentBytes: 10 * 1024 * 1024,
  notesMax: 1000,
  reasonMax: 500,
} as const;

/** Spec 9: renewal's default method is razorpay (else the first configured gateway). */
export const RENEWAL_DEFAULT_METHOD = 'razorpay';
/** Spec 9: the membership side shows the currency as C$, enforced. */
export const MEMBERSHIP_CURRENCY = { code: 'CAD', symbol: 'C$', name: 'Canadian Dollar', enforced: true } as const;

/** Kinds of teaching a person can apply for (spec: "not shown"; ours). */
export const INSTRUCTOR_TYPES = ['assistant', 'instructor', 'senior', 'guest'] as const;
export type InstructorType = (typeof INSTRUCTOR_TYPES)[number];
export const INSTRUCTOR_TYPE_LABELS: Record<InstructorType, string> = {
  assistant: 'Assistant instructor',
  instructor: 'Instructor',
  senior: 'Senior instructor',
  guest: 'Guest instructor',
};

/** Documents an applicant may upload (checked by magic bytes, not by the name or the browser's type). */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_MESSAGES = {
  tooMany: `At most ${ENROLLMENT_LIMITS.maxDocuments} documents can be attached`,
  tooLarge: `Each document must be at most ${ENROLLMENT_LIMITS.maxDocumentBytes / (1024 * 1024)} MB`,
  type: 'Documents must be PDF, JPEG, PNG or WebP files',
  notFound: 'Document not found',
} as const;
