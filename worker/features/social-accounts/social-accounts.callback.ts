import { and, eq, gt } from 'drizzle-orm';
import { isAdminCapable } from '#core/roles.ts';
import { isSocialPlatform, PLATFORM_LABELS, type SocialPlatform } from '#core/social/platforms.ts';
import { socialOauthStates, users } from '#db/schema/index.ts';
import { sha256Hex } from '#worker/lib/digest.ts';
import { AppError } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { SocialPlatformError } from '#worker/lib/social/platform.ts';
import { connectAdapter } from '#worker/lib/social/registry.ts';
import { decryptToken } from '#worker/lib/social/token-crypto.ts';
import { saveConnection } from './social-accounts.upsert.ts';

export const CALLBACK_MESSAGES = {
  unknownPlatform: 'That platform is not one we post to',
  stateMissing: 'The platform sent us back without the connection details; start connecting again',
  stateUsed: 'This connection link has expired or was already used; start connecting again',
  otherBrowser: 'This connection was started in another browser or session; start connecting again from this one',
  sessionChanged: 'Your session changed since you started connecting; log in again and start connecting again',
  codeMissing: 'The platform sent us back without an authorization code; start connecting again',
  failed: (label: string) => `Connecting ${label} failed; please try again`,
  denied: (label: string, said: string) => `${label} did not connect: ${said}`,
};

export type CallbackQuery = { state?: string; code?: string; error?: string; errorDescription?: string };
/** `spent`: this browser's nonce matched a live state, which is now used up (so is the cookie). */
export type CallbackOutcome = ({ platform: SocialPlatform } | { error: string }) & { spent?: true };

/** Keeps what a platform (or a forged link) says short and on one line before it goes into a URL and a screen. */
const clean = (s: string) =>
  s
    .replace(/[\p{C}]+/gu, ' ')
    .trim()
    .slice(0, 200);

/**
 * GET /accounts/callback/:platform. The state is consumed by ONE conditional DELETE that also requires
 * this browser's nonce, so a request without it (a forged link) cannot burn the admin's flow; then the
 * admin (still admin-capable, active, same token version), the platform's answer and the code exchange
 * each may end the flow with a message; never with a token.
 */
export async function finishConnect(
  ctx: ServiceCtx,
  rawPlatform: string,
  query: CallbackQuery,
  nonce: string | undefined,
  now = new Date(),
): Promise<CallbackOutcome> {
  if (!isSocialPlatform(rawPlatform)) return { error: CALLBACK_MESSAGES.unknownPlatform };
  const platform = rawPlatform;
  if (!query.state) return { error: CALLBACK_MESSAGES.stateMissing };
  const stateHash = await sha256Hex(query.state);
  const t = socialOauthStates;
  const live = and(eq(t.stateHash, stateHash), eq(t.platform, platform), gt(t.expiresAt, now));
  const flow = nonce
    ? await ctx.db
        .delete(t)
        .where(and(live, eq(t.nonceHash, await sha256Hex(nonce))))
        .returning()
        .get()
    : undefined;
  if (!flow) {
    const pending = await ctx.db.select({ stateHash: t.stateHash }).from(t).where(live).get();
    return { error: pending ? CALLBACK_MESSAGES.otherBrowser : CALLBACK_MESSAGES.stateUsed };
  }
  const outcome = await finishFlow(ctx, platform, query, flow, stateHash, now);
  return { ...outcome, spent: true };
}

async function finishFlow(
  ctx: ServiceCtx,
  platform: SocialPlatform,
  query: CallbackQuery,
  flow: typeof socialOauthStates.$inferSelect,
  stateHash: string,
  now: Date,
): Promise<CallbackOutcome> {
  const label = PLATFORM_LABELS[platform];
  const admin = await ctx.db.select().from(users).where(eq(users.id, flow.userId)).get();
  const stillAdmin =
    admin &&
    isAdminCapable(admin.role) &&
    admin.isActive &&
    !admin.deactivatedAt &&
    !admin.blockedAt &&
    admin.tokenVersion === flow.tokenVersion;
  if (!stillAdmin) return { error: CALLBACK_MESSAGES.sessionChanged };
  if (query.error) return { error: CALLBACK_MESSAGES.denied(label, clean(query.errorDescription || query.error)) };
  if (!query.code) return { error: CALLBACK_MESSAGES.codeMissing };
  try {
    const { adapter, mode } = connectAdapter(ctx, platform);
    const codeVerifier = flow.codeVerifierEnc
      ? await decryptToken(ctx.config, { rowId: stateHash, field: 'verifier' }, flow.codeVerifierEnc)
      : undefined;
    const connected = await adapter.exchangeCode({
      code: query.code,
      redirectUri: flow.redirectUri,
      ...(codeVerifier ? { codeVerifier } : {}),
    });
    await saveConnection(ctx, { platform, mode, connected, connectedBy: flow.userId, now });
    return { platform };
  } catch (err) {
    // The platform's own words (the adapters keep them, never the raw body) or ours; anything else is logged.
    if (err instanceof SocialPlatformError || err instanceof AppError) return { error: clean(err.message) };
    ctx.log.error(`social connect failed: ${platform}`, { error: (err as Error)?.name });
    return { error: CALLBACK_MESSAGES.failed(label) };
  }
}
