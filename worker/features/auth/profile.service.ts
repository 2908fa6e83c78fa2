import { eq, sql } from 'drizzle-orm';
import type { UpdateProfileInput } from '#core/auth/profile.ts';
import { users } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { serializeUser } from '#worker/lib/serialize-user.ts';
import { loadUserRow } from './session.ts';

export async function getCurrentUser(ctx: ServiceCtx, userId: string) {
  return serializeUser(await loadUserRow(ctx.db, userId));
}

const definedOnly = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * RFC 7386 merge patch done by the database (json_patch), so two saves cannot drop each other's fields;
 * a new location replaces the stored one whole, so no part of an old place survives.
 */
const merge = (
  column: typeof users.profile | typeof users.socialLinks | typeof users.emergencyContact,
  patch: Record<string, unknown> | undefined,
) => {
  if (!patch || !Object.keys(patch).length) return undefined;
  const base = patch.location ? sql`json_remove(${column}, '$.location')` : column;
  return sql`json_patch(${base}, ${JSON.stringify(patch)})`;
};

/** Only the caller's own profile fields, links and emergency contact; anything else in the body was dropped by the schema. */
export async function updateProfile(ctx: ServiceCtx, userId: string, input: UpdateProfileInput) {
  const { profile: nested, socialLinks, emergencyContact, ...top } = input;
  const profilePatch = { ...definedOnly(nested ?? {}), ...definedOnly(top) };
  const changes = definedOnly({
    profile: merge(users.profile, profilePatch),
    socialLinks: merge(users.socialLinks, socialLinks && definedOnly(socialLinks)),
    emergencyContact: merge(users.emergencyContact, emergencyContact && definedOnly(emergencyContact)),
  });
  const row = await ctx.db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning()
    .get();
  if (!row) throw notFound('User not found');
  return serializeUser(row);
}
