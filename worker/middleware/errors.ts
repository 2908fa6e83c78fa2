import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#worker/env.ts';
import { AppError, ERROR_STATUS, unavailable, type ErrorCode } from '#worker/lib/errors.ts';
import { isDbUnavailable } from '#worker/lib/db-errors.ts';
import { requestLog } from '#worker/lib/service-context.ts';

const codeForStatus = (status: number): ErrorCode =>
  (Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0] as ErrorCode | undefined) ??
  (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');

export function errorBody(c: Context<AppEnv>, err: AppError) {
  return {
    success: false as const,
    message: err.message,
    code: err.code,
    requestId: c.get('requestId'),
    ...(err.errors ? { errors: err.errors } : {}),
    ...(err.details ? { details: err.details } : {}),
  };
}

/** Maps any thrown error to the one failure body; internals are logged, never sent. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) {
    const message = err.status === 400 && /JSON/i.test(err.message) ? 'Invalid JSON in request body' : err.message || 'Request failed';
    return new AppError(codeForStatus(err.status), message);
  }
  if (isDbUnavailable(err)) return unavailable('The database is temporarily unavailable, please try again shortly');
  return new AppError('INTERNAL', 'Something went wrong on our side. Please try again later.');
}

export const onError: ErrorHandler<AppEnv> = (err, c) => {
  const appErr = toAppError(err);
  if (appErr.status >= 500) {
    requestLog(c.get('requestId')).error(String((err as Error)?.message), { path: c.req.path, stack: (err as Error)?.stack });
  }
  const wantsHtml = !c.req.path.startsWith('/api/') && (c.req.header('accept') ?? '').includes('text/html');
  if (wantsHtml)
    return c.html(`<!doctype html><title>Error</title><h1>${appErr.status}</h1><p>${escapeText(appErr.message)}</p>`, appErr.status as 500);
  for (const [k, v] of Object.entries(appErr.headers ?? {})) c.header(k, v);
  return c.json(errorBody(c, appErr), appErr.status as 500);
};

export const apiNotFound: NotFoundHandler<AppEnv> = (c) => c.json(errorBody(c, new AppError('NOT_FOUND', 'Route not found')), 404);

const escapeText = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
