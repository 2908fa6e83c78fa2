import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { media, posts } from '#db/schema/index.ts';
import { visibleToPublic } from './post-visibility.ts';
import type { ServiceCtx } from './service-context.ts';
import { removeObjects } from './stored-files.ts';

/**
 * The media table (`/api/media/<ownerId>`) as other features meet it: an owner is any record id
 * (a post, an event…). Owners delete their attachments here; a hidden owner hides them.
 */

/** For features deleting records that may have attachments: removes their media rows, then the objects. */
export async function deleteOwnerMedia(ctx: Pick<ServiceCtx, 'db' | 'storage'>, ownerIds: string[]) {
  if (!ownerIds.length) return 0;
  const rows = await ctx.db.delete(media).where(inArray(media.ownerId, ownerIds)).returning({ objectKey: media.objectKey });
  await removeObjects(
    ctx.storage,
    rows.map((r) => r.objectKey),
  );
  return rows.length;
}

/** True when the owner is a post (a NULL publication time counts as hidden) a visitor may not read (draft or scheduled): its attachments are hidden too. */
export async function isHiddenOwner(db: Db, ownerId: string, now = new Date()): Promise<boolean> {
  const row = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, ownerId), not(sql`coalesce(${visibleToPublic(now)}, 0)`)))
    .get();
  return !!row;
}
