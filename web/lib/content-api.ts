import { api, ApiError, apiUrl, errorMessage, parseAnswer, REQUEST_FAILED, type ApiBody, type ApiOptions } from './api.ts';
import { offlineGet, offlinePut } from './offline-store.ts';
import { readStored, STORAGE_KEYS } from './storage-keys.ts';

/**
 * The content areas' client calls with the offline fallbacks of spec 8: classes, events, file uploads
 * and media answer with the locally stored copy when the API cannot be reached; courses and
 * memberships never throw and answer `success: false` with the message (and the cached list on reads).
 */

type Query = ApiOptions['query'];

/** Where an answer came from when it is a stored copy. */
export type OfflineInfo = { savedAt: string; message: string };
export type ContentAnswer<T> = ApiBody<T> & { offline?: OfflineInfo; status?: number };

type Cached<T> = { body: ApiBody<T>; savedAt: string };

/** No answer at all (network error) or a server failure (5xx): the cases where a stored copy helps. */
export const isUnreachable = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status >= 500);
const isAbort = (err: unknown) => (err as Error)?.name === 'AbortError';

const exactKey = (path: string, query: Query) => `GET ${apiUrl(path, query)}`;
/** The latest answer of a path whatever its query, for when this exact query was never stored. */
const latestKey = (path: string) => `GET ${apiUrl(path)} (latest)`;

async function store<T>(path: string, query: Query, body: ApiBody<T>) {
  const entry: Cached<T> = { body, savedAt: new Date().toISOString() };
  await Promise.all([offlinePut(exactKey(path, query), entry), offlinePut(latestKey(path), entry)]);
}

async function cached<T>(path: string, query: Query): Promise<Cached<T> | null> {
  return (await offlineGet<Cached<T>>(exactKey(path, query))) ?? (await offlineGet<Cached<T>>(latestKey(path)));
}

/** Fresh answers are stored; when the API is unreachable the stored copy answers instead (else the error is thrown). */
export async function readWithFallback<T>(path: string, opts: ApiOptions = {}): Promise<ContentAnswer<T>> {
  try {
    const body = await api<T>(path, opts);
    await store(path, opts.query, body);
    return body;
  } catch (err) {
    if (isAbort(err) || !isUnreachable(err)) throw err;
    const copy = await cached<T>(path, opts.query);
    if (!copy) throw err;
    return { ...copy.body, offline: { savedAt: copy.savedAt, message: errorMessage(err) } };
  }
}

/** The failure as an answer: `success: false`, the message, field errors and the status. */
export function failedAnswer<T>(err: unknown, data?: T): ContentAnswer<T> {
  const e = err instanceof ApiError ? err : null;
  return {
    success: false,
    message: errorMessage(err),
    ...(data !== undefined ? { data } : {}),
    ...(e ? { status: e.status, code: e.code, errors: e.errors } : {}),
  };
}

/** Never throws (except when aborted): success false with the message and the cached list under `data` and `listKey`. */
async function readOrCached<T>(path: string, listKey: string, opts: ApiOptions): Promise<ContentAnswer<T[]>> {
  try {
    const body = await api<T[]>(path, opts);
    await store(path, opts.query, body);
    return body;
  } catch (err) {
    if (isAbort(err)) throw err;
    const copy = await cached<T[]>(path, opts.query);
    const list = copy?.body.data ?? [];
    const answer: ContentAnswer<T[]> = { ...failedAnswer(err, list), [listKey]: list };
    if (copy) {
      answer.offline = { savedAt: copy.savedAt, message: errorMessage(err) };
      if (copy.body.pagination) answer.pagination = copy.body.pagination;
      if (copy.body.summary) answer.summary = copy.body.summary;
    }
    return answer;
  }
}

type ReadOpts = { query?: Query; signal?: AbortSignal };
const opts = ({ query, signal }: ReadOpts, fallback: string): ApiOptions => ({
  ...(query ? { query } : {}),
  ...(signal ? { signal } : {}),
  fallback,
});

export const readClasses = <T>(o: ReadOpts = {}) => readWithFallback<T[]>('/classes', opts(o, 'Failed to fetch classes'));
export const readEvents = <T>(o: ReadOpts = {}) => readWithFallback<T[]>('/events', opts(o, 'Failed to fetch events'));
export const readFileUploads = <T>(o: ReadOpts = {}) => readWithFallback<T[]>('/file-uploads', opts(o, 'Failed to fetch files'));
export const readMedia = <T>(ownerId: string, o: ReadOpts = {}) =>
  readWithFallback<T[]>(`/media/${encodeURIComponent(ownerId)}`, opts(o, 'Failed to fetch media'));

/** Admins read the admin lists (inactive items too); everyone else the public ones. */
export const readCourses = <T>(o: ReadOpts & { admin?: boolean } = {}) =>
  readOrCached<T>(o.admin ? '/courses/admin' : '/courses', 'courses', opts(o, 'Failed to fetch courses'));
export const readMemberships = <T>(o: ReadOpts & { admin?: boolean } = {}) =>
  readOrCached<T>(o.admin ? '/memberships/admin' : '/memberships', 'memberships', opts(o, 'Failed to fetch memberships'));

export type SendRequest = {
  path: string;
  method?: string;
  /** JSON body. */
  body?: unknown;
  /** Multipart body; sent with XMLHttpRequest so that upload progress can be reported. */
  form?: FormData;
  /** Share of the body sent so far (0–1), or null when the browser cannot tell. */
  onProgress?: (share: number | null) => void;
  signal?: AbortSignal;
  /** The message when the server answers a failure without one (see `ApiOptions.fallback`). */
  fallback?: string;
};

/** A multipart request with upload progress; the same answers and errors as `api()`. */
export function sendForm<T = unknown>({
  path,
  method = 'POST',
  form,
  onProgress,
  signal,
  fallback,
}: SendRequest & { form: FormData }): Promise<ApiBody<T>> {
  return new Promise<ApiBody<T>>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path));
    xhr.setRequestHeader('accept', 'application/json');
    const token = readStored(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => onProgress?.(e.lengthComputable && e.total > 0 ? e.loaded / e.total : null);
    xhr.upload.onload = () => onProgress?.(1);
    xhr.onload = () => {
      try {
        resolve(parseAnswer<T>(xhr, xhr.responseText, fallback));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiError(REQUEST_FAILED));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** JSON through `api()`, multipart through `sendForm()`. Throws an ApiError on failure. */
export function send<T = unknown>(req: SendRequest): Promise<ApiBody<T>> {
  if (req.form) return sendForm<T>({ ...req, form: req.form });
  const o: ApiOptions = { method: req.method ?? 'POST' };
  if (req.body !== undefined) o.body = req.body;
  if (req.signal) o.signal = req.signal;
  if (req.fallback) o.fallback = req.fallback;
  return api<T>(req.path, o);
}

/** Course and membership writes (spec 8): the failure comes back as `success: false` with the message. */
export async function sendSettled<T = unknown>(req: SendRequest): Promise<ContentAnswer<T>> {
  try {
    return await send<T>(req);
  } catch (err) {
    if (isAbort(err)) throw err;
    return failedAnswer<T>(err);
  }
}

/** Turns a settled failure back into an ApiError, for callers that handle errors in one place. */
export function unsettle<T>(answer: ContentAnswer<T>): ApiBody<T> {
  if (answer.success !== false) return answer;
  throw new ApiError(answer.message || REQUEST_FAILED, answer.status ?? 0, answer);
}
