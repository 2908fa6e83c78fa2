/**
 * The words of a program's ladder (issue 25 §1), without zod so the browser can use them: who a program is
 * for, how its attendance window counts, what kind of rank a rung is, where a rank award came from.
 */
export const PROGRAM_AUDIENCES = ['all', 'adults', 'kids'] as const;
export type ProgramAudience = (typeof PROGRAM_AUDIENCES)[number];

/** since_last_promotion: only attendance on or after the current rank's award counts; all_time: everything. */
export const ATTENDANCE_WINDOWS = ['since_last_promotion', 'all_time'] as const;
export type AttendanceWindow = (typeof ATTENDANCE_WINDOWS)[number];

export const RANK_KINDS = ['kyu', 'dan', 'level'] as const;
export type RankKind = (typeof RANK_KINDS)[number];

export const AWARD_SOURCES = ['grading', 'manual', 'import'] as const;
export type AwardSource = (typeof AWARD_SOURCES)[number];

export const CANDIDATE_PAYMENT_STATES = ['none', 'pending', 'paid', 'waived', 'refunded'] as const;
export type CandidatePaymentState = (typeof CANDIDATE_PAYMENT_STATES)[number];

export const EXAMINER_ROLES = ['head', 'panel'] as const;
export type ExaminerRole = (typeof EXAMINER_ROLES)[number];

export const CERTIFICATE_STATES = ['valid', 'revoked', 'superseded'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];
