import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** This feature's scheduled work (worker/scheduled.ts runs it every minute; each job idempotent). */
export const JOBS: { name: string; run: (ctx: ServiceCtx, now: Date) => Promise<unknown> }[] = [];
