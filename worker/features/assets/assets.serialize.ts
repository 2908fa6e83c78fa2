import type { AssetRow } from '#db/schema/index.ts';
import { assetUrl } from '#worker/lib/public-files.ts';

/** `url` is what a page shows: the served R2 object for uploads, the link itself for external assets. */
export const serializeAsset = (row: AssetRow) => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  altText: row.altText,
  mediaType: row.mediaType,
  source: row.source,
  url: assetUrl(row),
  externalUrlLink: row.externalUrlLink,
  mimeType: row.mimeType,
  size: row.sizeBytes,
  width: row.width,
  height: row.height,
  featured: row.featured,
  tags: row.tags,
  uploadedBy: row.uploadedBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export type AssetJson = ReturnType<typeof serializeAsset>;
