import { notify } from '#worker/lib/notify.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { awardedRank, type Board } from './grading-results.queries.ts';

/** After finalize (ctx.defer): each examined candidate hears their result in the page, by push and by e-mail. */
export function noticeResults(ctx: ServiceCtx, board: Board) {
  const { grading } = board;
  const link = `${ctx.origin}/student/progress`;
  const rankName = (c: Board['candidates'][number]) => {
    const rank = awardedRank(board, c);
    return rank.movedAtAge === null ? rank.name || 'the next rank' : `${rank.name} in ${rank.programName}`;
  };
  for (const c of board.candidates.filter((x) => x.status === 'passed' || x.status === 'failed')) {
    const passed = c.status === 'passed';
    const title = passed ? `Congratulations: ${rankName(c)}` : `Grading result: ${grading.title}`;
    const body = passed
      ? `You passed ${grading.title} and now hold ${rankName(c)}. Your certificate is ready.`
      : `You did not pass ${grading.title} this time. Your instructors will tell you what to work on before the next grading.`;
    ctx.defer(`grading result notice ${c.id}`, () =>
      notify(
        ctx,
        [c.userId],
        {
          title,
          body,
          type: passed ? 'success' : 'info',
          eventType: passed ? 'grading_passed' : 'grading_failed',
          entityType: 'grading',
          entityId: grading.id,
          data: { gradingId: grading.id, candidateId: c.id },
          actions: [{ action: 'view', title: 'My belt', url: '/student/progress' }],
        },
        { subject: title, text: `${body}\n\n${link}`, kind: passed ? 'grading-passed' : 'grading-failed' },
      ),
    );
  }
}

/** After scoring is reopened (ctx.defer): the examiners hear their sheets are open again. */
export function noticeReopened(ctx: ServiceCtx, board: Board) {
  const { grading } = board;
  ctx.defer('grading reopened notice', () =>
    notify(
      ctx,
      board.examiners.map((e) => e.userId),
      {
        title: `Scoring reopened: ${grading.title}`,
        body: 'The results were sent back for correction. Your score sheets are unlocked: check them and lock them again.',
        type: 'info',
        eventType: 'grading_scoring_reopened',
        entityType: 'grading',
        entityId: grading.id,
        data: { gradingId: grading.id },
      },
    ),
  );
}
