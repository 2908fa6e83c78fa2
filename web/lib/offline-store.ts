/**
 * The browser's local copy of data the panels read (spec 8 offline fallbacks; spec 9: one local
 * database named for the app, with one store). Every call quietly does nothing, or finds nothing,
 * where IndexedDB is missing or refuses (private mode, server rendering, quota).
 */
export const OFFLINE_DB = 'dojo';
export const OFFLINE_STORE = 'cache';
const VERSION = 1;

let opening: Promise<IDBDatabase | null> | null = null;

function openDb(): Promise<IDBDatabase | null> {
  if (opening) return opening;
  opening = new Promise<IDBDatabase | null>((resolve) => {
    try {
      const idb = globalThis.indexedDB;
      if (!idb) return resolve(null);
      const req = idb.open(OFFLINE_DB, VERSION);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(OFFLINE_STORE)) req.result.createObjectStore(OFFLINE_STORE);
      };
      req.onsuccess = () => {
        const db = req.result;
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

/** Resolves once the transaction has committed (a write is then safe across a reload), or with `fallback`. */
async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest | undefined, fallback: T): Promise<T> {
  const db = await openDb();
  if (!db) return fallback;
  return new Promise<T>((resolve) => {
    try {
      const tx = db.transaction(OFFLINE_STORE, mode);
      const req = work(tx.objectStore(OFFLINE_STORE));
      tx.oncomplete = () => resolve((req?.result as T | undefined) ?? fallback);
      tx.onerror = () => resolve(fallback);
      tx.onabort = () => resolve(fallback);
    } catch {
      resolve(fallback);
    }
  });
}

/** The value stored under `key`, or null. */
export const offlineGet = <T>(key: string): Promise<T | null> => run<T | null>('readonly', (s) => s.get(key), null);

/** Stores a structured-clonable value under `key` (replacing the old one). */
export async function offlinePut(key: string, value: unknown): Promise<void> {
  await run<unknown>('readwrite', (s) => s.put(value, key), null);
}

export async function offlineDelete(key: string): Promise<void> {
  await run<unknown>('readwrite', (s) => s.delete(key), null);
}

/** Keys that start with `prefix`, as a key range. */
const startingWith = (prefix: string) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);

/** Stores several values in one transaction; true once it committed, false when the browser refused. */
export const offlinePutMany = (entries: readonly (readonly [string, unknown])[]): Promise<boolean> =>
  run<boolean>(
    'readwrite',
    (s) => {
      for (const [key, value] of entries) s.put(value, key);
      return s.count();
    },
    false,
  ).then((r) => r !== false);

export async function offlineDeleteMany(keys: readonly string[]): Promise<void> {
  if (keys.length) await run<unknown>('readwrite', (s) => keys.map((k) => s.delete(k)).at(-1), null);
}

/** Every value whose key starts with `prefix`, in key order. */
export const offlineValues = <T>(prefix: string): Promise<T[]> => run<T[]>('readonly', (s) => s.getAll(startingWith(prefix)), []);

/** How many keys start with `prefix`. */
export const offlineCount = (prefix: string): Promise<number> => run<number>('readonly', (s) => s.count(startingWith(prefix)), 0);

/** Writes not yet sent (the attendance outbox) survive a sign-out: a check-in taken offline is never lost. */
export const KEPT_ON_CLEAR = 'attendance:';

/** Forgets every local copy: a signed-out browser must not keep what an admin's lists showed. */
export async function offlineClear(): Promise<void> {
  await run<unknown>(
    'readwrite',
    (s) => {
      s.delete(IDBKeyRange.upperBound(KEPT_ON_CLEAR, true));
      return s.delete(IDBKeyRange.lowerBound(`${KEPT_ON_CLEAR}\uffff`, true));
    },
    null,
  );
}
