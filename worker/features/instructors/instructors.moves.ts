/**
 * The school's decisions and the applicant's cancel: each ONE conditional UPDATE … RETURNING on the
 * enrolment, with the user's role change in the same batch gated on the state that UPDATE wrote
 * (instructors.role.ts). The loser of a race, or a move from the wrong state, gets a 409 in words.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import {
  ENROLLMENT_CANCEL_REASONS,
  ENROLLMENT_MESSAGES,
  ENROLLMENT_STATUS_LABELS,
  INSTRUCTOR_MOVES,
  type InstructorEnrollmentStatus,
} from '#core/enrollments/enrollment-status.ts';
import { instructorEnrollments as ie, users, type InstructorEnrollmentRow } from '#db/schema/index.ts';
import { isUniqueViolation } from '#worker/lib/db-errors.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { SESSION_CHANGED } from '#worker/lib/publish.ts';
import { deleteObjects } from '#worker/lib/stored-objects.ts';
import { tellApplicant, type Decision } from './instructors.notify.ts';
import { currentView, existing, loadEnrollment } from './instructors.queries.ts';
import { copyInstructorIdStatement, giveRoleBackStatement, HOLDS_ROLE, takeRoleStatement } from './instructors.role.ts';

const words = (status: InstructorEnrollmentStatus) => ENROLLMENT_STATUS_LABELS[status].toLowerCase();

type Move = {
  id: string;
  from: readonly InstructorEnrollmentStatus[];
  /** Extra condition of the move (instructorStatus), besides the status. */
  also?: SQL | undefined;
  /** Only the owner's own enrolment (the applicant's cancel). */
  ownerId?: string | undefined;
  set: SQLiteUpdateSetSource<typeof ie>;
  /** The user statement for this move, given the enrolment's user. */
  role: (userId: string, at: Date) => ReturnType<typeof takeRoleStatement> | ReturnType<typeof giveRoleBackStatement>;
  refused: (row: InstructorEnrollmentRow) => string;
  decision: Decision;
};

/** Runs one move: the conditional UPDATE and its role statement in one batch; 409 (with the state now) when it wrote nothing. */
async function move(ctx: ServiceCtx, m: Move, copyId = false) {
  const found = await existing(ctx, m.id);
  if (m.ownerId && found.row.userId !== m.ownerId) throw notFound(ENROLLMENT_MESSAGES.notFound);
  const at = new Date();
  const userId = found.row.userId;
  const moveStatement = ctx.db
    .update(ie)
    .set({ ...m.set, updatedAt: at })
    .where(and(eq(ie.id, m.id), inArray(ie.status, [...m.from]), m.also))
    .returning({ id: ie.id });
  const [moved] = copyId
    ? await ctx.db.batch([moveStatement, m.role(userId, at), copyInstructorIdStatement(ctx.db, m.id, userId)])
    : await ctx.db.batch([moveStatement, m.role(userId, at)]);
  if (!moved[0]) {
    const now = await loadEnrollment(ctx.db, m.id);
    if (!now) throw notFound(ENROLLMENT_MESSAGES.notFound);
    throw conflict(m.refused(now.row));
  }
  // The role may have changed with the move: the applicant's rooms check their sockets.
  ctx.publish([userId], SESSION_CHANGED);
  const view = await currentView(ctx, m.id);
  tellApplicant(ctx, view, m.decision);
  return view;
}

const notHolding = sql`not (${HOLDS_ROLE})`;

/** Approval: approved, instructor active, the role and an instructor ID (the next INS-NNNN is computed in the statement; a clash with an ID set by hand meanwhile retries). */
export async function approveInstructor(ctx: ServiceCtx, id: string, approvalNotes: string | undefined) {
  const admin = signedIn(ctx);
  for (let attempt = 0; ; attempt++) {
    try {
      return await move(
        ctx,
        {
          id,
          from: INSTRUCTOR_MOVES.approve,
          set: {
            status: 'approved',
            instructorStatus: 'active',
            approvedAt: new Date(),
            approvedBy: admin.id,
            approvalNotes: approvalNotes ?? null,
            // The role they hold when approved is the one they get back (an applicant's role may have changed since applying).
            previousRole: sql`coalesce((select ${users.role} from ${users} where ${users.id} = ${ie.userId} and ${users.role} in ('student', 'member')), ${ie.previousRole})`,
          },
          role: (userId, at) => takeRoleStatement(ctx.db, id, userId, at),
          refused: (row) => ENROLLMENT_MESSAGES.cannotApprove(words(row.status)),
          decision: 'approved',
        },
        true,
      );
    } catch (err) {
      if (attempt < 4 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

export function rejectInstructor(ctx: ServiceCtx, id: string, rejectionReason: string | undefined) {
  return move(ctx, {
    id,
    from: INSTRUCTOR_MOVES.reject,
    set: {
      status: 'cancelled',
      instructorStatus: 'inactive',
      cancelReason: rejectionReason ?? ENROLLMENT_CANCEL_REASONS.admin,
      cancelledAt: new Date(),
    },
    // A pending application holds no role; the statement keeps the rule in one place should that change.
    role: (userId, at) => giveRoleBackStatement(ctx.db, id, userId, at, notHolding),
    refused: (row) => ENROLLMENT_MESSAGES.cannotReject(words(row.status)),
    decision: 'rejected',
  });
}

export function suspendInstructor(ctx: ServiceCtx, id: string, suspendReason: string) {
  return move(ctx, {
    id,
    from: INSTRUCTOR_MOVES.suspend,
    also: eq(ie.instructorStatus, 'active'),
    set: { instructorStatus: 'suspended', suspendReason, suspendedAt: new Date() },
    role: (userId, at) => giveRoleBackStatement(ctx.db, id, userId, at, sql`${ie.instructorStatus} = 'suspended'`),
    refused: () => ENROLLMENT_MESSAGES.cannotSuspend,
    decision: 'suspended',
  });
}

export function reactivateInstructor(ctx: ServiceCtx, id: string, reactivateReason: string | undefined) {
  return move(ctx, {
    id,
    from: INSTRUCTOR_MOVES.reactivate,
    also: eq(ie.instructorStatus, 'suspended'),
    set: { instructorStatus: 'active', reactivateReason: reactivateReason ?? null, reactivatedAt: new Date() },
    role: (userId, at) => takeRoleStatement(ctx.db, id, userId, at),
    refused: () => ENROLLMENT_MESSAGES.cannotReactivate,
    decision: 'reactivated',
  });
}

export function completeInstructor(ctx: ServiceCtx, id: string, completionNotes: string | undefined) {
  return move(ctx, {
    id,
    from: INSTRUCTOR_MOVES.complete,
    set: { status: 'completed', instructorStatus: 'inactive', completionNotes: completionNotes ?? null, completedAt: new Date() },
    role: (userId, at) => giveRoleBackStatement(ctx.db, id, userId, at, sql`${ie.status} = 'completed'`),
    refused: (row) => ENROLLMENT_MESSAGES.cannotComplete(words(row.status)),
    decision: 'completed',
  });
}

/** PATCH /:id/cancel: the applicant's own (anyone else's is a 404); a role they hold through it goes back. */
export async function cancelInstructor(ctx: ServiceCtx, id: string, cancelReason: string | undefined) {
  const user = signedIn(ctx);
  return move(ctx, {
    id,
    ownerId: user.id,
    from: INSTRUCTOR_MOVES.userCancel,
    set: {
      status: 'cancelled',
      instructorStatus: 'inactive',
      cancelReason: cancelReason ?? ENROLLMENT_CANCEL_REASONS.user,
      cancelledAt: new Date(),
    },
    role: (userId, at) => giveRoleBackStatement(ctx.db, id, userId, at, sql`${ie.status} = 'cancelled'`),
    refused: (row) => ENROLLMENT_MESSAGES.cannotCancel(words(row.status)),
    decision: 'cancelled',
  });
}

/** DELETE /:id: a role held through it goes back first, in the same batch; the documents go after. */
export async function deleteInstructorEnrollment(ctx: ServiceCtx, id: string) {
  const { row } = await existing(ctx, id);
  const at = new Date();
  const [, deleted] = await ctx.db.batch([
    giveRoleBackStatement(ctx.db, id, row.userId, at, sql`${ie.status} in ('approved', 'active')`),
    ctx.db.delete(ie).where(eq(ie.id, id)).returning({ id: ie.id, documents: ie.documents }),
  ]);
  if (!deleted[0]) throw notFound(ENROLLMENT_MESSAGES.notFound);
  ctx.publish([row.userId], SESSION_CHANGED);
  await deleteObjects(
    ctx.storage,
    deleted[0].documents.map((d) => d.key),
  );
  return { _id: id };
}
