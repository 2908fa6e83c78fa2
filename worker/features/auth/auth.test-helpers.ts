/** Shared by the auth tests (not a test file itself). */
import { and, desc, eq } from 'drizzle-orm';
import { emailOutbox } from '#db/schema/index.ts';
import { freshIp, testDb } from '#test/helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';

/** The body of a failure without its per-request id, to compare two failures. */
export const failureShape = (body: { success: boolean; message: string; code: string }) => ({
  success: body.success,
  message: body.message,
  code: body.code,
});

export const ipHeaders = () => ({ 'CF-Connecting-IP': freshIp() });

/** The secret of the newest e-mailed link of a kind sent to an address, read from the outbox table. */
export async function latestLinkToken(to: string, kind: 'verify-email' | 'reset-password'): Promise<string> {
  await settleDeferred(); // mail leaves after the response
  const row = await testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .get();
  const token = row?.text.match(/[?&]token=([^&\s]+)/)?.[1];
  if (!token) throw new Error(`no ${kind} mail for ${to}`);
  return decodeURIComponent(token);
}

export async function mailsTo(to: string) {
  await settleDeferred();
  return testDb().select().from(emailOutbox).where(eq(emailOutbox.to, to)).all();
}
