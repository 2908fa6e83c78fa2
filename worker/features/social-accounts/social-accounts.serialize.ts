import { PLATFORM_LABELS, tokenState } from '#core/social/platforms.ts';
import type { SocialAccountRow } from '#db/schema/index.ts';
import { accountCanRefresh } from '#worker/lib/social/registry.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

type Ctx = Pick<ServiceCtx, 'config' | 'db' | 'origin'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Decision 013's account: never a token, a ciphertext or the lease. */
export function serializeAccount(ctx: Ctx, row: SocialAccountRow, connectedByName: string | null = null, now = new Date()) {
  const state = tokenState(row.tokenExpiresAt, now);
  return {
    _id: row.id,
    platform: row.platform,
    label: PLATFORM_LABELS[row.platform],
    mode: row.mode,
    name: row.name,
    username: row.username,
    isActive: row.isActive,
    tokenExpiresAt: iso(row.tokenExpiresAt),
    tokenState: state,
    expiringSoon: state === 'expiring_soon',
    canRefresh: accountCanRefresh(ctx, row),
    lastRefreshedAt: iso(row.lastRefreshedAt),
    lastError: row.lastError,
    connectedBy: row.connectedBy,
    connectedByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type AccountView = ReturnType<typeof serializeAccount>;
