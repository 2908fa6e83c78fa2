import { keepSessionsAhead } from '#worker/lib/sessions/generate.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** The cron keeps every active class's sessions 8 weeks ahead; a minute's run usually finds nothing to do. */
export const JOBS: { name: string; run: (ctx: ServiceCtx, now: Date) => Promise<unknown> }[] = [
  { name: 'keep class sessions 8 weeks ahead', run: (ctx, now) => keepSessionsAhead(ctx, now) },
];
