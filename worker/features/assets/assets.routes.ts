import { Hono } from 'hono';
import { ASSET_MESSAGES, AssetsByTypeQuery, BulkDeleteAssetsSchema, ListAssetsQuery, MediaTypeParam } from '#core/media/asset-schemas.ts';
import { BULK_UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, VIDEO_MAX_BYTES } from '#core/media/limits.ts';
import type { AppEnv } from '#worker/env.ts';
import { badRequest } from '#worker/lib/errors.ts';
import { validate } from '#worker/lib/validate.ts';
import { readBody } from '#worker/lib/body.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { bulkCreateAssets, bulkJsonAssets, bulkUploadAssets } from './assets.bulk.ts';
import { assetStats, getAsset, listAssets, listAssetsByType } from './assets.read.ts';
import { bulkDeleteAssets, createAsset, deleteAsset, updateAsset } from './assets.write.ts';

const plural = (n: number) => `${n} asset${n === 1 ? '' : 's'}`;
const single = { maxBytes: VIDEO_MAX_BYTES, tooLargeMessage: UPLOAD_MESSAGES.requestTooLarge };
const bulk = { maxBytes: BULK_UPLOAD_MAX_BYTES, tooLargeMessage: UPLOAD_MESSAGES.bulkTooLarge };

const isMultipart = (req: Request) => (req.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

// Fixed paths come before /:id so it cannot swallow them.
export const assetsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListAssetsQuery), async (c) => {
    const { assets, pagination } = await listAssets(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: assets, pagination });
  })
  .post('/', bodyLimit(single), async (c) => {
    const asset = await createAsset(c.var.ctx, await readBody(c.req.raw, single));
    return c.json({ success: true, data: asset, asset, message: ASSET_MESSAGES.created }, 201);
  })
  .get('/stats/summary', async (c) => {
    const stats = await assetStats(c.var.ctx);
    return c.json({ success: true, data: stats, stats });
  })
  .get('/type/:mediaType', validate('param', MediaTypeParam), validate('query', AssetsByTypeQuery), async (c) => {
    const { assets, pagination } = await listAssetsByType(c.var.ctx, c.req.valid('param').mediaType, c.req.valid('query'));
    return c.json({ success: true, data: assets, pagination });
  })
  .post('/bulk', bodyLimit(single), async (c) => {
    const input = await readBody(c.req.raw, single);
    const assets = await bulkCreateAssets(c.var.ctx, input.fields);
    return c.json({ success: true, data: assets, count: assets.length, message: `${plural(assets.length)} created successfully` }, 201);
  })
  .post('/bulk-delete', validate('json', BulkDeleteAssetsSchema), async (c) => {
    const { deletedCount } = await bulkDeleteAssets(c.var.ctx, c.req.valid('json').assetIds);
    return c.json({ success: true, data: { deletedCount }, count: deletedCount, message: `${plural(deletedCount)} deleted successfully` });
  })
  .post('/bulk-upload', bodyLimit(bulk), async (c) => {
    if (!isMultipart(c.req.raw)) throw badRequest(ASSET_MESSAGES.bulkUploadForm);
    const assets = await bulkUploadAssets(c.var.ctx, await readBody(c.req.raw, bulk));
    return c.json({ success: true, data: assets, count: assets.length, message: `${plural(assets.length)} uploaded successfully` }, 201);
  })
  .post('/bulk-json', bodyLimit(bulk), async (c) => {
    if (!isMultipart(c.req.raw)) throw badRequest(ASSET_MESSAGES.bulkJsonForm);
    const assets = await bulkJsonAssets(c.var.ctx, await readBody(c.req.raw, bulk));
    return c.json({ success: true, data: assets, count: assets.length, message: `${plural(assets.length)} imported successfully` }, 201);
  })
  .get('/:id', async (c) => {
    const asset = await getAsset(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: asset, asset });
  })
  .put('/:id', bodyLimit(single), async (c) => {
    const asset = await updateAsset(c.var.ctx, c.req.param('id'), await readBody(c.req.raw, single));
    return c.json({ success: true, data: asset, asset, message: ASSET_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteAsset(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: ASSET_MESSAGES.deleted });
  });
