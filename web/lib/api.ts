import type { Pagination } from '#core/paging.ts';
import { readStored, STORAGE_KEYS } from './storage-keys.ts';
import { renewTokenIfDue } from './token-renewal.ts';

export type { Pagination };
export type FieldError = { path: string; message: string };

/** The server's envelope (ARCHITECTURE "API contract"); extra top-level keys vary per call. */
export type ApiBody<T = unknown> = {
  success: boolean;
  data?: T;
  message?: string;
  token?: string;
  user?: unknown;
  pagination?: Pagination;
  code?: string;
  errors?: FieldError[];
  details?: Record<string, unknown>;
  [key: string]: unknown;
};

export const INVALID_JSON = 'Invalid JSON response';
export const REQUEST_FAILED = 'Request failed';

/** A failed call; `message` is what the user should read (spec 8). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: FieldError[];
  /** What the client needs to act on the failure (the envelope's `details`, e.g. the waiver to sign). */
  readonly details: Record<string, unknown>;
  constructor(message: string, status = 0, body?: Partial<ApiBody>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.errors = Array.isArray(body?.errors) ? body.errors : [];
    const details = body?.details;
    this.details = details && typeof details === 'object' && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;
export type ApiOptions = {
  method?: string;
  /** Sent as JSON, or as-is when it is FormData. */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** What the user reads when the server answers a failure without a message ('Failed to fetch posts', spec 8). */
  fallback?: string;
  /** A bearer token other than the signed-in user's (the kiosk's own); null sends none. */
  token?: string | null;
};

export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

const textOf = (v: unknown) => (typeof v === 'string' && v.trim() ? v : '');

/** The server's message or error field, else the operation's fallback, else "HTTP <status> <statusText>", else 'Request failed'. */
export function failureMessage(res: { status: number; statusText: string }, body?: Partial<ApiBody> | null, fallback?: string): string {
  const fromBody = textOf(body?.message) || textOf(body?.error);
  if (fromBody) return fromBody;
  if (fallback) return fallback;
  if (res.status && (res.status < 200 || res.status > 299)) return `HTTP ${res.status} ${res.statusText}`.trim();
  return REQUEST_FAILED;
}

/** Calls /api with the stored bearer token (renewed first when past half its life); resolves with the envelope or throws an ApiError. */
export async function api<T = unknown>(path: string, opts: ApiOptions = {}): Promise<ApiBody<T>> {
  if (opts.token === undefined) await renewTokenIfDue();
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = opts.token === undefined ? readStored(STORAGE_KEYS.token) : opts.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  let res: Response;
  try {
    res = await fetch(apiUrl(path, opts.query), {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: opts.signal ?? null,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError(REQUEST_FAILED);
  }

  return parseAnswer<T>(res, await res.text().catch(() => ''), opts.fallback);
}

/** The envelope of a finished response, or the ApiError it stands for. */
export function parseAnswer<T>(res: { status: number; statusText: string }, text: string, fallback?: string): ApiBody<T> {
  let parsed: ApiBody<T> | null = null;
  if (text.trim()) {
    try {
      parsed = JSON.parse(text) as ApiBody<T>;
    } catch {
      throw new ApiError(INVALID_JSON, res.status);
    }
  }
  const ok = res.status >= 200 && res.status <= 299;
  if (!ok || !parsed || typeof parsed !== 'object' || parsed.success === false) {
    if (ok && !parsed) throw new ApiError(INVALID_JSON, res.status);
    throw new ApiError(failureMessage(res, parsed, fallback), res.status, parsed ?? undefined);
  }
  return parsed;
}

export const errorMessage = (err: unknown) => (err instanceof Error && err.message ? err.message : REQUEST_FAILED);
