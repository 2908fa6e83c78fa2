import { eq } from 'drizzle-orm';
import { PLATFORM_LABELS, SOCIAL_PLATFORMS, tokenState, type SocialPlatform, type TokenState } from '#core/social/platforms.ts';
import { SOCIAL_MESSAGES } from '#core/social/social-options.ts';
import { profileName } from '#core/users/person-name.ts';
import { socialAccounts, users, type SocialAccountRow } from '#db/schema/index.ts';
import { badRequest, notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { connectModes } from '#worker/lib/social/registry.ts';
import { serializeAccount } from './social-accounts.serialize.ts';

const order = (p: SocialPlatform) => SOCIAL_PLATFORMS.indexOf(p);

/** Every account (at most one per platform) with the name of the admin who connected it, in one statement. */
async function accountRows(ctx: Pick<ServiceCtx, 'db'>) {
  const rows = await ctx.db
    .select({ account: socialAccounts, profile: users.profile, email: users.email })
    .from(socialAccounts)
    .leftJoin(users, eq(users.id, socialAccounts.connectedBy));
  return rows
    .map((r) => ({ row: r.account, by: r.email ? profileName(r.profile, r.email.split('@')[0]) : null }))
    .sort((a, b) => order(a.row.platform) - order(b.row.platform));
}

/** GET /accounts: the accounts, and how each platform would connect here (its app, the local stand-in, or not at all). */
export async function listAccounts(ctx: ServiceCtx) {
  const now = new Date();
  const rows = await accountRows(ctx);
  const accounts = rows.map(({ row, by }) => serializeAccount(ctx, row, by, now));
  const modes = connectModes(ctx.config);
  const connected = new Set(accounts.map((a) => a.platform));
  const platforms = SOCIAL_PLATFORMS.map((platform) => ({
    platform,
    label: PLATFORM_LABELS[platform],
    mode: modes[platform],
    connected: connected.has(platform),
  }));
  return { accounts, platforms };
}

type PlatformStats = { connected: boolean; active: boolean; tokenState: TokenState | null };

/** GET /accounts/stats: counted from the one read of the (at most six) accounts. */
export async function accountStats(ctx: ServiceCtx) {
  const now = new Date();
  const rows = await ctx.db.select().from(socialAccounts);
  const states = rows.map((r) => tokenState(r.tokenExpiresAt, now));
  const byPlatform = Object.fromEntries(
    SOCIAL_PLATFORMS.map((p): [SocialPlatform, PlatformStats] => [p, { connected: false, active: false, tokenState: null }]),
  ) as Record<SocialPlatform, PlatformStats>;
  rows.forEach((r, i) => (byPlatform[r.platform] = { connected: true, active: r.isActive, tokenState: states[i]! }));
  const active = rows.filter((r) => r.isActive).length;
  return {
    total: rows.length,
    active,
    inactive: rows.length - active,
    expiringSoon: states.filter((s) => s === 'expiring_soon').length,
    expired: states.filter((s) => s === 'expired').length,
    byPlatform,
  };
}

/** A path id, refused when blank (spec: 'Account ID is required'). */
export function accountId(raw: string | undefined): string {
  const id = (raw ?? '').trim();
  if (!id) throw badRequest(SOCIAL_MESSAGES.accountIdRequired);
  return id;
}

export async function findAccount(ctx: Pick<ServiceCtx, 'db'>, id: string): Promise<SocialAccountRow> {
  const row = await ctx.db.select().from(socialAccounts).where(eq(socialAccounts.id, id)).get();
  if (!row) throw notFound(SOCIAL_MESSAGES.accountNotFound);
  return row;
}
