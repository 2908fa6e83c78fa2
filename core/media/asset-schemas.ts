import { z } from 'zod';
import { pagingQuery } from '#core/paging.ts';
import { firstOf, flag, idList, text } from '#core/fields.ts';
import { httpUrl, isSafeLink } from '#core/link-fields.ts';
import { tagsField } from '#core/list-fields.ts';
import { MAX_BULK_ITEMS, MEDIA_TYPES, UPLOAD_MESSAGES } from './limits.ts';

export const ASSET_MESSAGES = {
  notFound: 'Asset not found',
  urlRequired: 'External URL link is required',
  urlInvalid: 'External URL link must be an http:// or https:// address',
  mediaType: UPLOAD_MESSAGES.invalidMediaType,
  fileOrUrl: 'Upload a file or give an externalUrlLink',
  typeMismatch: 'Media type does not match the uploaded file',
  bulkRequired: 'Assets array is required',
  bulkTooMany: `Too many assets: at most ${MAX_BULK_ITEMS} at a time`,
  idsRequired: 'Asset IDs array is required',
  bulkUploadForm: 'Bulk upload needs form data: files, or one JSON or CSV file describing the assets',
  bulkJsonForm: 'JSON import needs form data: a .json file or an assets field',
  bulkNoFiles: 'Choose at least one file to upload',
  importInvalid: 'The file could not be read: give a JSON array of assets or a CSV with a header row',
  created: 'Asset created successfully',
  updated: 'Asset updated successfully',
  deleted: 'Asset deleted successfully',
} as const;

const mediaType = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.enum(MEDIA_TYPES, { error: ASSET_MESSAGES.mediaType }));
/** http(s), or a path of this site (`/images/…`); never `javascript:` or `data:`. */
const externalUrl = firstOf(httpUrl('External URL link', { max: 2048, message: ASSET_MESSAGES.urlInvalid, accept: isSafeLink }));

export const AssetMetaFields = {
  title: firstOf(text('Title', 200)).optional(),
  description: firstOf(text('Description', 2000)).optional(),
  altText: firstOf(text('Alt text', 300)).optional(),
  featured: firstOf(flag('featured')).optional(),
  tags: tagsField,
};

/** One external asset (POST /assets with JSON, and each item of the bulk calls). */
export const ExternalAssetSchema = z.object(
  {
    ...AssetMetaFields,
    externalUrlLink: z.preprocess(
      (v) => {
        const s = Array.isArray(v) ? v[0] : v;
        return s === null || (typeof s === 'string' && s.trim() === '') ? undefined : s;
      },
      z
        .string({ error: ASSET_MESSAGES.urlRequired })
        .trim()
        .max(2048, ASSET_MESSAGES.urlInvalid)
        .refine(isSafeLink, ASSET_MESSAGES.urlInvalid),
    ),
    mediaType,
  },
  { error: 'Each asset must be an object' },
);
export type ExternalAssetInput = z.output<typeof ExternalAssetSchema>;

/** The text fields sent beside an uploaded file; the file's bytes decide its media type. */
export const UploadAssetSchema = z.object({ ...AssetMetaFields, mediaType: mediaType.optional() });
export type UploadAssetInput = z.output<typeof UploadAssetSchema>;

export const UpdateAssetSchema = z.object({ ...AssetMetaFields, externalUrlLink: externalUrl.optional(), mediaType: mediaType.optional() });
export type UpdateAssetInput = z.output<typeof UpdateAssetSchema>;

/** The array only; each item is checked on its own so every bad item is reported with its index. */
export const BulkAssetsSchema = z.object(
  {
    assets: z
      .array(z.unknown(), { error: ASSET_MESSAGES.bulkRequired })
      .min(1, ASSET_MESSAGES.bulkRequired)
      .max(MAX_BULK_ITEMS, ASSET_MESSAGES.bulkTooMany),
  },
  { error: ASSET_MESSAGES.bulkRequired },
);

export const BulkDeleteAssetsSchema = z.object({ assetIds: idList(ASSET_MESSAGES.idsRequired, 64) }, { error: ASSET_MESSAGES.idsRequired });

const queryBool = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} must be true or false` })
    .transform((v) => v === 'true')
    .optional();
const queryText = z.string().trim().max(100).optional().catch(undefined);

export const ListAssetsQuery = pagingQuery(20, 100).extend({
  mediaType: mediaType.optional(),
  featured: queryBool('featured'),
  source: z.enum(['upload', 'external'], { error: 'Source must be upload or external' }).optional(),
  search: queryText,
  tag: queryText,
});
export type ListAssetsQueryInput = z.output<typeof ListAssetsQuery>;

export const AssetsByTypeQuery = pagingQuery(50, 100).extend({ featured: queryBool('featured') });
export const MediaTypeParam = z.object({ mediaType });

export const ASSET_STATS_KEYS = ['totalAssets', 'imageCount', 'videoCount', 'featuredCount', 'uploadedCount', 'externalCount'] as const;
export type AssetStats = Record<(typeof ASSET_STATS_KEYS)[number], number>;
