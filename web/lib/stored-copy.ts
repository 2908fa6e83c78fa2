import { api, errorMessage, type ApiOptions, type Pagination } from './api.ts';
import { isUnreachable, type ContentAnswer } from './content-api.ts';
import { readStoredJson, writeStored, type StorageKey } from './storage-keys.ts';

type Copy<T> = { savedAt: string; data: T; pagination?: Pagination };

/**
 * A list read whose last answer is kept under one of the spec's localStorage keys (`products`,
 * `user_orders`); when the API cannot be reached the copy answers with success false and the offline
 * notice's details (spec 8), else the error is thrown.
 */
export async function readWithStoredCopy<T>(key: StorageKey, path: string, opts: ApiOptions = {}): Promise<ContentAnswer<T>> {
  try {
    const body = await api<T>(path, opts);
    const copy: Copy<T | undefined> = { savedAt: new Date().toISOString(), data: body.data, pagination: body.pagination };
    writeStored(key, JSON.stringify(copy));
    return body;
  } catch (err) {
    if (!isUnreachable(err)) throw err;
    const copy = readStoredJson<Copy<T>>(key);
    if (!copy || copy.data === undefined) throw err;
    const message = errorMessage(err);
    return { success: false, data: copy.data, pagination: copy.pagination, message, offline: { savedAt: copy.savedAt, message } };
  }
}
