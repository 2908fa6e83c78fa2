import { z } from 'zod';
import { blankTo, firstOf, isBlank, jsonFlag, optionalIsoDateTime, optionalText, optionalWholeNumber, requiredText } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';
import type { Role } from '#core/roles.ts';
import { EXAMINER_ROLES } from '#core/progression/ladder.ts';
import { GRADING_STATES, type GradingState } from './grading-states.ts';

export const RESULT_RULES = ['majority', 'all'] as const;
/** The moves POST /api/gradings/:id/<move> makes, each from the states it starts from (one conditional UPDATE). */
export const GRADING_MOVE_PATHS = {
  open: { to: 'open', from: ['draft'] },
  lock: { to: 'locked', from: ['open'] },
  reopen: { to: 'open', from: ['locked'] },
  'start-scoring': { to: 'scoring', from: ['locked'] },
  cancel: { to: 'cancelled', from: ['draft', 'open', 'locked', 'scoring', 'approved'] },
} as const satisfies Record<string, { to: GradingState; from: readonly GradingState[] }>;
export type GradingMovePath = keyof typeof GRADING_MOVE_PATHS;

/** "Staff" of API-25: instructors and the admin-capable; the ones who may examine, read rosters and take attendance. */
export const GRADING_STAFF = ['instructor', 'grandmaster', 'admin', 'super-admin'] as const satisfies readonly Role[];
export const isGradingStaff = (role: string) => (GRADING_STAFF as readonly string[]).includes(role);

export const GRADING_MESSAGES = {
  bodyObject: 'Please send the grading as a JSON object',
  notFound: 'Grading not found',
  candidateNotFound: 'Candidate not found',
  programRequired: 'programId is required',
  programNotFound: 'programId must be a program',
  titleRequired: 'title is required',
  heldOnInvalid: 'heldOn must be a date (YYYY-MM-DD)',
  eventNotGrading: 'eventId must be an event of category grading',
  targetsOfProgram: 'targetRankIds must be ranks of this program',
  ageRange: 'minAge must not be above maxAge',
  resultRule: `resultRule must be one of: ${RESULT_RULES.join(', ')}`,
  notEditable: 'This grading can no longer be edited',
  nothingToUpdate: 'Nothing to update',
  cannotMove: (from: string, to: string) => `This grading cannot move from ${from} to ${to}`,
  examinersConfirm: 'Every examiner must confirm before the roster locks',
  headNeeded: 'A head examiner must be named before the roster locks',
  reasonRequired: 'reason is required',
  examinersList: 'examiners must be a list of { userId, role }',
  examinerRole: `role must be one of: ${EXAMINER_ROLES.join(', ')}`,
  examinerStaff: 'Examiners must be instructors, grand masters or admins',
  examinerDuplicate: 'Each examiner may be named once',
  oneHead: 'Exactly one examiner must be the head',
  examinerRank: (rank: string, target: string) => `An examiner must hold at least ${rank} to examine ${target}`,
  examinersNotEditable: 'Examiners can be changed only while the grading is a draft or open',
  notExaminer: 'You are not an examiner of this grading',
  notConfirmable: 'This grading no longer takes confirmations',
  userIdRequired: 'userId is required',
  memberNotFound: 'Member not found',
  noNextRank: 'This member has no next rank in this program',
  targetNotOffered: 'targetRankId must be a target rank of this grading',
  notEligible: 'This member is not eligible: give an overrideReason to invite anyway',
  alreadyCandidate: 'Already a candidate',
  rosterLocked: 'The roster is locked: no more candidates can be invited',
  notRemovable: 'Only an invited or registered candidate who has not paid can be removed',
  notYourCandidacy: 'You are not a candidate of this grading',
  registrationClosed: 'Registration for this grading is closed',
  alreadyRegistered: 'You are already registered for this grading',
  alreadyPaid: 'This grading fee is already paid',
  notPayable: 'This grading fee cannot be paid now',
  notWaivable: 'Only the fee of an invited or registered candidate who has not paid can be waived',
  attendanceState: 'Only a candidate who paid or whose fee was waived can be marked present or absent',
  attendanceWhen: 'Attendance can be taken only while the grading is locked or scoring',
  created: 'Grading created',
  updated: 'Grading updated',
  moved: 'Grading updated',
  examinersSaved: 'Examiners saved',
  confirmed: 'Thank you: you are confirmed as an examiner',
  invited: 'Candidate invited',
  removed: 'Candidate removed',
  registered: 'You are registered for this grading',
  paymentStarted: 'Payment started',
  verified: 'Payment verified',
  waived: 'Fee waived',
  attendance: 'Attendance recorded',
} as const;

const M = GRADING_MESSAGES;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string) => {
  if (!DAY.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d && y >= 2000 && y <= 2100;
};
const day = (message: string) => z.string({ error: message }).trim().refine(isDay, message);
const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);
const optionalId = (message: string) => z.preprocess(blankTo(null), id(message).nullable().optional());
const reason = (label: string) => requiredText(label, 500, { required: `${label} is required` });

const editable = {
  eventId: optionalId(M.eventNotGrading),
  title: requiredText('title', 200, { required: M.titleRequired }),
  heldOn: day(M.heldOnInvalid),
  location: optionalText('location', 200),
  targetRankIds: z
    .array(id(M.targetsOfProgram), { error: M.targetsOfProgram })
    .max(100, M.targetsOfProgram)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  minAge: optionalWholeNumber('minAge', 0, 120),
  maxAge: optionalWholeNumber('maxAge', 0, 120),
  registrationClosesAt: optionalIsoDateTime('registrationClosesAt'),
  resultRule: z.enum(RESULT_RULES, { error: M.resultRule }).optional(),
  notes: optionalText('notes', 2000),
};

const ageOrder = (v: { minAge?: number | null | undefined; maxAge?: number | null | undefined }, ctx: z.RefinementCtx) => {
  if (v.minAge != null && v.maxAge != null && v.minAge > v.maxAge) ctx.addIssue({ code: 'custom', path: ['maxAge'], message: M.ageRange });
};

/** POST /api/gradings (admin-capable): a draft. */
export const CreateGradingSchema = z
  .object({ ...editable, programId: id(M.programRequired) }, { error: M.bodyObject })
  .superRefine(ageOrder);
export type CreateGradingInput = z.output<typeof CreateGradingSchema>;

/** PATCH /api/gradings/:id while draft or open: any of the fields (the program stays). */
export const UpdateGradingSchema = z
  .object({ ...editable, title: editable.title.optional(), heldOn: editable.heldOn.optional() }, { error: M.bodyObject })
  .superRefine(ageOrder);
export type UpdateGradingInput = z.output<typeof UpdateGradingSchema>;

const optionalQuery = <T extends z.ZodType>(schema: T) =>
  firstOf(z.preprocess((v) => (v === undefined || isBlank(v) ? undefined : v), schema.optional()));

/** GET /api/gradings: status, program (slug or id), held from/to (days), page, limit (20, at most 100). */
export const ListGradingsQuery = pagingQuery(20, 100).extend({
  status: optionalQuery(z.enum(GRADING_STATES, { error: `status must be one of: ${GRADING_STATES.join(', ')}` })),
  program: optionalQuery(z.string().trim().max(64)),
  from: optionalQuery(day('from must be a date (YYYY-MM-DD)')),
  to: optionalQuery(day('to must be a date (YYYY-MM-DD)')),
});
export type ListGradingsQueryInput = z.output<typeof ListGradingsQuery>;

export const CancelGradingSchema = z.object({ reason: reason('reason') }, { error: M.reasonRequired });
export const EmptyBodySchema = z.object({}).passthrough().optional();

export const ExaminersSchema = z.object(
  {
    examiners: z
      .array(
        z.object({ userId: id(M.userIdRequired), role: z.enum(EXAMINER_ROLES, { error: M.examinerRole }) }, { error: M.examinersList }),
        { error: M.examinersList },
      )
      .max(20, 'At most 20 examiners')
      .superRefine((list, ctx) => {
        if (new Set(list.map((e) => e.userId)).size !== list.length) ctx.addIssue({ code: 'custom', message: M.examinerDuplicate });
        else if (list.filter((e) => e.role === 'head').length !== 1) ctx.addIssue({ code: 'custom', message: M.oneHead });
      }),
  },
  { error: M.examinersList },
);
export type ExaminersInput = z.output<typeof ExaminersSchema>;

export const InviteCandidateSchema = z.object(
  {
    userId: id(M.userIdRequired),
    targetRankId: optionalId(M.targetNotOffered),
    overrideReason: optionalText('overrideReason', 500),
  },
  { error: M.bodyObject },
);
export type InviteCandidateInput = z.output<typeof InviteCandidateSchema>;

const gateway = z.preprocess(blankTo(undefined), z.string().trim().max(32).optional());
export const RegisterSchema = z.object({ gateway }, { error: M.bodyObject }).default({ gateway: undefined });
export const PayFeeSchema = z.object({ gateway }, { error: M.bodyObject }).default({ gateway: undefined });
export const WaiveSchema = z.object({ reason: reason('reason') }, { error: M.reasonRequired });
export const AttendanceSchema = z.object({ present: jsonFlag('present') }, { error: 'present must be true or false' });

const proof = (label: string) => requiredText(label, 200, { required: `${label} is required` });
/** The gateway's proof the payer brings back (as the other purchases' verify-payment). */
export const VerifyFeeSchema = z.object(
  { sessionId: proof('Session ID'), paymentId: proof('Payment ID'), signature: z.string().trim().max(200).default('') },
  { error: 'Payment verification failed' },
);
