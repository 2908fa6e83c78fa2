import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** Whether the database answers a trivial read, and how long it took (the health check's two figures). */
export async function databaseAnswers({ db }: ServiceCtx): Promise<{ database: boolean; databaseLatencyMs: number }> {
  const started = performance.now();
  let database = true;
  try {
    await db.$read.execute('select 1');
  } catch {
    database = false;
  }
  return { database, databaseLatencyMs: Math.round(performance.now() - started) };
}
