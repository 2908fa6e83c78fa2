/**
 * The attendance ledger's vocabulary (issue 24 §3), apart from its schemas: browsers import these (the
 * offline outbox on every panel page) without pulling in zod.
 */
export const KINDS = ['present', 'late', 'excused', 'absent', 'void'] as const;
export const METHODS = ['roster', 'kiosk_qr', 'kiosk_pin', 'admin'] as const;
export const OUTCOMES = ['accepted', 'duplicate', 'rejected'] as const;
export const MAX_BATCH = 500;
export const FUTURE_SKEW_MS = 10 * 60_000;
export const MAX_AGE_MS = 14 * 24 * 60 * 60_000;

export type AttendanceKind = (typeof KINDS)[number];
export type AttendanceMethod = (typeof METHODS)[number];
export type AttendanceOutcome = (typeof OUTCOMES)[number];
