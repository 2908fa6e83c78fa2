import { and, eq, not, sql } from 'drizzle-orm';
import { posts } from '#db/schema/index.ts';
import type { ServiceCtx } from './service-context.ts';
import { isHiddenOwner } from './media-attachments.ts';
import { visibleToPublic } from './post-visibility.ts';

/**
 * True when a stored public-prefix object belongs to a post a visitor may not read (draft or scheduled):
 * its cover (`posts/…`) or one of its attachments (`media/<postId>/…`). Such files are served only to
 * those who see the post (GET /api/files/*), never cached by others.
 */
export async function isHiddenPostFile({ db }: ServiceCtx, key: string, now = new Date()): Promise<boolean> {
  const [prefix, owner] = key.split('/');
  if (prefix === 'media' && owner) return isHiddenOwner(db, owner, now);
  if (prefix !== 'posts') return false;
  const row = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.coverImageKey, key), not(sql`coalesce(${visibleToPublic(now)}, 0)`)))
    .get();
  return !!row;
}
