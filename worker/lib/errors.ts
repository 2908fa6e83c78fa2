export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type FieldError = { path: string; message: string };

/** A failure the client may see: its message is shown to users as-is. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  /** What the client needs to act on the failure (e.g. the waiver to sign), sent as the envelope's `details`. */
  readonly details: Record<string, unknown> | undefined;
  constructor(
    code: ErrorCode,
    message: string,
    opts: { errors?: FieldError[]; headers?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.code = code;
    this.errors = opts.errors;
    this.headers = opts.headers;
    this.details = opts.details;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError('BAD_REQUEST', message, errors ? { errors } : {});
export const unauthorized = (message = 'Not authorized, please log in') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to perform this action') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const gone = (message: string) => new AppError('GONE', message);
export const tooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);
export const unsupportedType = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', message, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
export const unavailable = (message = 'The service is temporarily unavailable, please try again shortly') =>
  new AppError('UNAVAILABLE', message);
