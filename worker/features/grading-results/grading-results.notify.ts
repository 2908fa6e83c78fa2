import { notify } from '#worker/lib/notify.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import type { Board } from './grading-results.queries.ts';

/** After finalize (ctx.defer): each examined candidate hears their result in the page, by push and by e-mail. */
export function noticeResults(ctx: ServiceCtx, board: Board) {
  const { grading } = board;
  const link = `${ctx.origin}/student/progress`;
  const rankName = (id: string) => board.ranks.get(id)?.name ?? 'the next rank';
  for (const c of board.candidates.filter((x) => x.status === 'passed' || x.status === 'failed')) {
    const passed = c.status === 'passed';
    const title = passed ? `Congratulations: ${rankName(c.targetRankId)}` : `Grading result: ${grading.title}`;
    const body = passed
      ? `You passed ${grading.title} and now hold ${rankName(c.targetRankId)}. Your certificate is ready.`
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
