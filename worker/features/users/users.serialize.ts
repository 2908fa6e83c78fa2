import type { UserRow } from '#db/schema/index.ts';
import { serializeUser } from '#worker/lib/serialize-user.ts';

/** What the admin screens see: the public user plus why and when an account was blocked. */
export const serializeUserForAdmin = (row: UserRow) => ({
  ...serializeUser(row),
  blockedAt: row.blockedAt ? row.blockedAt.toISOString() : null,
  blockedReason: row.blockedReason ?? null,
});
