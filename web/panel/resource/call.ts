import { api } from '#web/lib/api.ts';
import { send, sendSettled, unsettle, type ContentAnswer, type SendRequest } from '#web/lib/content-api.ts';
import type { Item, ListQuery, ResourceConfig } from './types.ts';

/** A write of this resource; course and membership calls settle (spec 8) and are turned back into errors here. */
export async function call<T = unknown>(config: Pick<ResourceConfig, 'settled'>, req: SendRequest & { fallback: string }) {
  return config.settled ? unsettle(await sendSettled<T>(req)) : send<T>(req);
}

/** The list query as the APIs read it: page, limit, search and the chosen filters (blank ones left out). */
export const listParams = (q: ListQuery, limit: number) => ({ page: q.page, limit, search: q.search, ...q.filters });

/** A plain list read (no offline copy) of `path`; `fallback` is its failure message when the server gives none. */
export const apiReader =
  <T extends Item>(path: string, fallback: string) =>
  (q: ListQuery, limit: number, signal: AbortSignal): Promise<ContentAnswer<T[]>> =>
    api<T[]>(path, { query: listParams(q, limit), signal, fallback });

export const idPath = (endpoint: string, id: string) => `${endpoint}/${encodeURIComponent(id)}`;
