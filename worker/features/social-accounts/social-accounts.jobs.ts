import { and, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { ADMIN_CAPABLE, isRole, panelScreenUrl, type Role } from '#core/roles.ts';
import { EXPIRING_SOON_DAYS, PLATFORM_LABELS, SOCIAL_PLATFORMS, type SocialPlatform } from '#core/social/platforms.ts';
import { socialAccounts, socialOauthStates, users, type SocialAccountRow } from '#db/schema/index.ts';
import { AppError } from '#worker/lib/errors.ts';
import { notifyByRole } from '#worker/lib/notify.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { schoolTimeZoneQuery, zoneOf } from '#worker/lib/school-time-zone.ts';
import { refreshAccount } from '#worker/lib/social/account-tokens.ts';
import { accountCanRefresh } from '#worker/lib/social/registry.ts';

const DAY_MS = 86_400_000;
/** A refresh the platform refused is tried again after this long, not every minute. */
export const RETRY_AFTER_FAILURE_MS = 60 * 60_000;

/** Which platforms a run looks at: all of them, except in tests, which each own some rows of one shared database. */
export type JobScope = { platforms?: readonly SocialPlatform[] };

/**
 * Due for renewal: a token ending within 7 days and past half its life. Short-lived tokens (X's last two
 * hours, Google's one) are renewed about once per half-life, never every minute; a 60-day token in its last week.
 */
export function refreshDue(row: SocialAccountRow, now: Date): boolean {
  if (!row.tokenExpiresAt) return false;
  const left = row.tokenExpiresAt.getTime() - now.getTime();
  const issued = (row.lastRefreshedAt ?? row.createdAt).getTime();
  const life = row.tokenExpiresAt.getTime() - issued;
  if (left > 0 && left > Math.min(EXPIRING_SOON_DAYS * DAY_MS, life / 2)) return false;
  return !(row.lastError && now.getTime() - row.updatedAt.getTime() < RETRY_AFTER_FAILURE_MS);
}

/** '30 Nov 2026': the day on the school's calendar. */
const when = (d: Date, timeZone: string) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone });

/**
 * (a) Renews the active accounts whose platform allows it (refreshAccount's lease keeps two runs from
 * racing); (b) tells the admins, once per expiry, about those it cannot renew or whose renewal failed.
 * ONE conditional UPDATE marks the expiry told (`expiry_notified_for`), so a second run, or two at
 * once, tell nobody again; a reconnect (a new expiry) tells them again.
 */
export async function renewSocialTokens(ctx: ServiceCtx, now = new Date(), scope: JobScope = {}) {
  const platforms = [...(scope.platforms ?? SOCIAL_PLATFORMS)];
  const soon = new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS);
  const rows = await ctx.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.isActive, true), inArray(socialAccounts.platform, platforms), lte(socialAccounts.tokenExpiresAt, soon)));
  const refreshed: string[] = [];
  const tell: string[] = [];
  for (const row of rows) {
    if (!accountCanRefresh(ctx, row)) {
      tell.push(row.id);
      continue;
    }
    if (!refreshDue(row, now)) continue;
    try {
      await refreshAccount(ctx, row.id, now);
      refreshed.push(row.id);
    } catch (err) {
      // Another run holds the account's lease: it decides. Otherwise refreshAccount kept the platform's words as lastError.
      if (!(err instanceof AppError)) tell.push(row.id);
    }
  }
  const told = tell.length
    ? await ctx.db
        .update(socialAccounts)
        .set({ expiryNotifiedFor: sql`${socialAccounts.tokenExpiresAt}` })
        .where(
          and(
            inArray(socialAccounts.id, tell),
            eq(socialAccounts.isActive, true),
            isNotNull(socialAccounts.tokenExpiresAt),
            lte(socialAccounts.tokenExpiresAt, soon),
            or(isNull(socialAccounts.expiryNotifiedFor), ne(socialAccounts.expiryNotifiedFor, socialAccounts.tokenExpiresAt)),
          ),
        )
        .returning()
    : [];
  if (told.length) await tellAdmins(ctx, told, now);
  return { refreshed, notified: told.map((r) => r.id) };
}

async function tellAdmins(ctx: ServiceCtx, accounts: SocialAccountRow[], now: Date) {
  const [rows, zoneRows] = await ctx.db.batch([
    ctx.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(and(inArray(users.role, [...ADMIN_CAPABLE]), eq(users.isActive, true), isNull(users.deactivatedAt), isNull(users.blockedAt))),
    schoolTimeZoneQuery(ctx.db),
  ]);
  const zone = zoneOf(zoneRows);
  const admins = rows.filter((r): r is { id: string; role: Role } => isRole(r.role));
  for (const account of accounts) {
    const label = PLATFORM_LABELS[account.platform];
    const end = account.tokenExpiresAt!;
    const ends = `${end.getTime() <= now.getTime() ? 'ended' : 'ends'} on ${when(end, zone)}`;
    const why = account.lastError ? ` (renewing it failed: ${account.lastError})` : '';
    await notifyByRole(ctx, admins, (role) => {
      const url = panelScreenUrl(role, 'social/accounts');
      return {
        title: `${label} connection ${end.getTime() <= now.getTime() ? 'ended' : 'ending'}`,
        body: `Your ${label} connection ${ends}${why}: reconnect it in Social media → Accounts`.slice(0, 1000),
        type: 'info',
        eventType: 'social_account_expiring',
        priority: 'high',
        entityType: 'social_account',
        entityId: account.id,
        data: { accountId: account.id, platform: account.platform, tokenExpiresAt: end.toISOString(), url },
        actions: [{ action: 'open', title: 'Open accounts', url }],
      };
    });
  }
}

/** (c) OAuth flows never finished: their states go once expired (a late callback finds nothing either way). */
export async function sweepOauthStates(ctx: Pick<ServiceCtx, 'db'>, now = new Date()) {
  const gone = await ctx.db
    .delete(socialOauthStates)
    .where(lte(socialOauthStates.expiresAt, now))
    .returning({ stateHash: socialOauthStates.stateHash });
  return { deleted: gone.length };
}

/** This feature's scheduled work (worker/scheduled.ts runs it every minute; each job idempotent). */
export const JOBS: { name: string; run: (ctx: ServiceCtx, now: Date) => Promise<unknown> }[] = [
  { name: 'renew social account tokens', run: (ctx, now) => renewSocialTokens(ctx, now) },
  { name: 'sweep expired social OAuth states', run: sweepOauthStates },
];
