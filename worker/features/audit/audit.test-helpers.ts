/** Shared by the audit tests (not a test file itself). */
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '#db/schema/index.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { testDb } from '#test/helpers.ts';

/** The entries an actor made, newest first, once the deferred writes have landed. */
export async function entriesBy(actorId: string) {
  await settleDeferred();
  return testDb().select().from(auditLog).where(eq(auditLog.actorId, actorId)).orderBy(desc(auditLog.createdAt)).all();
}
