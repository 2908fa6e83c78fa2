import type { Db } from '#db/client.ts';
import type { UserRow } from '#db/schema/index.ts';
import type { AppConfig } from './config.ts';
import type { AuthUser } from './lib/auth-user.ts';
import type { Mailer } from './lib/mailer.ts';
import type { KioskCaller } from './lib/kiosk-token.ts';
import type { ServiceCtx } from './lib/service-context.ts';

/** Bindings from wrangler.toml, `.dev.vars` and secrets. Everything optional is parsed in config.ts. */
export type Bindings = {
  LIBSQL_URL: string;
  LIBSQL_AUTH_TOKEN?: string;
  /**
   * Local stack only: the database server as a service binding. Miniflare passes every global fetch
   * through a JavaScript interceptor Worker, which doubled the cost of a database round trip;
   * a binding to an external service goes straight out. Production has no such layer and no binding.
   */
  LIBSQL_SERVICE?: Fetcher;
  JWT_SECRET: string;
  APP_ENV?: string;
  PUBLIC_URL?: string;
  UPLOADS: R2Bucket;
  ASSETS?: Fetcher;
  [key: string]: unknown;
};

export type Variables = {
  requestId: string;
  config: AppConfig;
  db: Db;
  mailer: Mailer;
  user: AuthUser | null;
  /** The caller's full row as the auth middleware read it (null without a valid token). */
  userRow: UserRow | null;
  /** A check-in device calling with its kiosk token (routes whose rule admits 'kiosk'); null otherwise. */
  kiosk: KioskCaller | null;
  cspNonce: string;
  /** What every service verb gets (worker/lib/service-context.ts), built once the caller is known. */
  ctx: ServiceCtx;
};

export type AppEnv = { Bindings: Bindings; Variables: Variables };
