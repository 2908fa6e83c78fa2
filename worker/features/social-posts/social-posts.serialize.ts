import { postStatus } from '#core/social/post-status.ts';
import { SOCIAL_PLATFORMS } from '#core/social/platforms.ts';
import type { AssetRow, SocialPostRow, SocialPostTargetRow } from '#db/schema/index.ts';
import { assetUrl } from '#worker/lib/public-files.ts';

/** A library item as a post shows it; `url` as the media library gives it (the served R2 object, or the link). */
export const serializePostMedia = (a: AssetRow) => ({
  _id: a.id,
  url: assetUrl(a),
  mediaType: a.mediaType,
  mimeType: a.mimeType,
  title: a.title,
  altText: a.altText,
});
export type PostMediaJson = ReturnType<typeof serializePostMedia>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const order = (p: string) => (SOCIAL_PLATFORMS as readonly string[]).indexOf(p);

/** Decision 013's post: its targets in the screens' platform order, its status derived from them, never a claim token. */
export function serializePost(
  row: SocialPostRow,
  targets: readonly SocialPostTargetRow[],
  media: ReadonlyMap<string, PostMediaJson>,
  createdByName: string | null,
) {
  const sorted = [...targets].sort((a, b) => order(a.platform) - order(b.platform));
  return {
    _id: row.id,
    content: row.content,
    media: row.mediaIds.flatMap((id) => (media.has(id) ? [media.get(id)!] : [])),
    mediaIds: row.mediaIds,
    platforms: sorted.map((t) => ({
      platform: t.platform,
      status: t.status,
      error: t.error,
      errorKind: t.errorKind,
      externalId: t.externalId,
      url: t.externalUrl,
      attempts: t.attempts,
      publishedAt: iso(t.publishedAt),
    })),
    status: postStatus(sorted),
    scheduleTime: iso(row.scheduleTime),
    createdBy: row.createdBy,
    createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type PostJson = ReturnType<typeof serializePost>;
