import { Hono } from 'hono';
import type { z, ZodType } from 'zod';
import type { Summary } from '#core/catalog/summary.ts';
import type { Pagination } from '#core/paging.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import type { CheckedImage } from './image.ts';
import { CATALOG_BODY, readCatalogInput } from './input.ts';

type Listed<Many extends string, Dto> = { pagination: Pagination } & Record<Many, Dto[]>;

/**
 * What a catalog feature (courses, memberships, events, seminars) hands to `catalogRoutes`: its names
 * (the response keys, and `<one>Ids` in the bulk delete body), schemas, messages and services.
 */
type CatalogDef<One extends string, Many extends string, Dto, L extends ZodType, C extends ZodType, U extends ZodType> = {
  one: One;
  many: Many;
  /** The spec puts the bulk delete at DELETE / for most features, at DELETE /bulk for seminars. */
  bulkPath: '/' | '/bulk';
  schemas: { list: L; create: C; update: U; bulkDelete: ZodType<Record<`${One}Ids`, string[]>> };
  messages: { created: string; updated: string; deleted: string; activated?: string; deactivated?: string };
  list: (ctx: ServiceCtx, query: z.output<L>) => Promise<Listed<Many, Dto>>;
  /** GET /admin: the same list for the admin screens, with the catalog summary. */
  listForAdmin?: (ctx: ServiceCtx, query: z.output<L>) => Promise<Listed<Many, Dto> & { summary: Summary }>;
  get: (ctx: ServiceCtx, id: string) => Promise<Dto>;
  create: (ctx: ServiceCtx, input: z.output<C>, image: CheckedImage | null) => Promise<Dto>;
  update: (ctx: ServiceCtx, id: string, input: z.output<U>, image: CheckedImage | null) => Promise<Dto>;
  remove: (ctx: ServiceCtx, id: string) => Promise<{ _id: string }>;
  removeMany: (ctx: ServiceCtx, ids: string[]) => Promise<{ deletedCount: number; deletedIds: string[] }>;
  /** PATCH /:id/toggle-status. */
  toggle?: (ctx: ServiceCtx, id: string) => Promise<Dto & { isActive: boolean }>;
};

/**
 * The catalog's list / create / bulk delete / read / update / delete routes, the same for every
 * catalog feature but for names, schemas and services; /admin and /:id/toggle-status only where the
 * feature has them. Fixed paths (/admin) come before /:id so it cannot swallow them; a feature
 * registers its own fixed paths before mounting these.
 */
export function catalogRoutes<
  const One extends string,
  const Many extends string,
  Dto,
  L extends ZodType,
  C extends ZodType,
  U extends ZodType,
>(def: CatalogDef<One, Many, Dto, L, C, U>) {
  const { one, many, schemas, messages } = def;
  const plural = (n: number) => `${n} ${n === 1 ? one : many}`;
  const routes = new Hono<AppEnv>().get('/', validate('query', schemas.list), async (c) => {
    const result = await def.list(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: result[many], [many]: result[many], pagination: result.pagination });
  });
  const listForAdmin = def.listForAdmin;
  if (listForAdmin)
    routes.get('/admin', validate('query', schemas.list), async (c) => {
      const result = await listForAdmin(c.var.ctx, c.req.valid('query'));
      return c.json({ success: true, data: result[many], [many]: result[many], pagination: result.pagination, summary: result.summary });
    });
  routes
    .post('/', bodyLimit(CATALOG_BODY), async (c) => {
      const { input, image } = await readCatalogInput(c.req.raw, schemas.create);
      const item = await def.create(c.var.ctx, input, image);
      return c.json({ success: true, data: item, [one]: item, message: messages.created }, 201);
    })
    .delete(def.bulkPath, validate('json', schemas.bulkDelete), async (c) => {
      const ids = (c.req.valid('json') as Record<`${One}Ids`, string[]>)[`${one}Ids`];
      const { deletedCount, deletedIds } = await def.removeMany(c.var.ctx, ids);
      return c.json({
        success: true,
        data: { deletedCount, deletedIds },
        count: deletedCount,
        message: `${plural(deletedCount)} deleted successfully`,
      });
    })
    .get('/:id', async (c) => {
      const item = await def.get(c.var.ctx, c.req.param('id'));
      return c.json({ success: true, data: item, [one]: item });
    })
    .put('/:id', bodyLimit(CATALOG_BODY), async (c) => {
      const { input, image } = await readCatalogInput(c.req.raw, schemas.update);
      const item = await def.update(c.var.ctx, c.req.param('id'), input, image);
      return c.json({ success: true, data: item, [one]: item, message: messages.updated });
    })
    .delete('/:id', async (c) => {
      const data = await def.remove(c.var.ctx, c.req.param('id'));
      return c.json({ success: true, data, message: messages.deleted });
    });
  const toggle = def.toggle;
  if (toggle)
    routes.patch('/:id/toggle-status', async (c) => {
      const item = await toggle(c.var.ctx, c.req.param('id'));
      return c.json({ success: true, data: item, [one]: item, message: item.isActive ? messages.activated : messages.deactivated });
    });
  return routes;
}
