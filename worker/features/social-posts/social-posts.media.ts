import { inArray } from 'drizzle-orm';
import type { MediaKind, PostMedia } from '#core/social/platform-limits.ts';
import { SOCIAL_MESSAGES } from '#core/social/social-options.ts';
import { assets, type AssetRow } from '#db/schema/index.ts';
import { badRequest } from '#worker/lib/errors.ts';
import { assetUrl, isSitePath } from '#worker/lib/public-files.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { globalFetch, SocialPlatformError, type PublishMedia } from '#worker/lib/social/platform.ts';
import { PLATFORM_TIMEOUT_MS } from '#worker/lib/social/http.ts';

/** Image or video, from the library's media type (or the file type when that says more); anything else cannot be posted. */
export function kindOf(asset: Pick<AssetRow, 'mediaType' | 'mimeType'>): MediaKind | null {
  const type = asset.mediaType === 'image' || asset.mediaType === 'video' ? asset.mediaType : asset.mimeType?.split('/')[0];
  return type === 'image' || type === 'video' ? type : null;
}

/** The chosen library items in the order chosen; 400 when one is gone or is not an image or a video. */
export async function chosenAssets(ctx: Pick<ServiceCtx, 'db'>, ids: readonly string[]): Promise<AssetRow[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(assets)
    .where(inArray(assets.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length)
    throw badRequest(
      SOCIAL_MESSAGES.mediaMissing,
      missing.map(() => ({ path: 'mediaIds', message: SOCIAL_MESSAGES.mediaMissing })),
    );
  const chosen = ids.map((id) => byId.get(id)!);
  const odd = chosen.find((a) => !kindOf(a));
  if (odd) throw badRequest(`Only images and videos can be posted ("${odd.title || odd.id}" is neither)`);
  return chosen;
}

export const limitsMedia = (rows: readonly AssetRow[]): PostMedia[] => rows.map((a) => ({ kind: kindOf(a)!, mimeType: a.mimeType }));

/** What an adapter gets: an absolute public url (platforms fetch it) and the bytes (for upload APIs). */
export function publishMedia(ctx: Pick<ServiceCtx, 'storage' | 'origin'>, rows: readonly AssetRow[]): PublishMedia[] {
  return rows.map((a) => {
    const upload = a.source === 'upload' && a.objectKey;
    // Platforms fetch the file themselves: our own paths (uploads, the demo's site images) are made absolute.
    const seen = assetUrl(a) ?? '';
    const url = isSitePath(seen) ? `${ctx.origin}${seen}` : seen;
    return {
      assetId: a.id,
      kind: kindOf(a) ?? 'image',
      mimeType: a.mimeType ?? '',
      url,
      title: a.title,
      altText: a.altText,
      sizeBytes: a.sizeBytes,
      bytes: async () => {
        if (upload) {
          const object = await ctx.storage.get(a.objectKey!);
          if (!object) throw new SocialPlatformError('rejected_media', `The file of "${a.title || a.id}" is missing from storage`);
          return object.arrayBuffer();
        }
        const res = await globalFetch(url, { signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS) }).catch(() => null);
        if (!res?.ok) throw new SocialPlatformError('rejected_media', `The linked file of "${a.title || a.id}" could not be downloaded`);
        return res.arrayBuffer();
      },
    };
  });
}
