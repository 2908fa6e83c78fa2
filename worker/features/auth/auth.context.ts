import type { Context } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { clientIp } from '#worker/lib/rate-limit.ts';

/** What the auth services need from a request; built once per handler so services never see Hono. */
export type AuthCtx = Pick<AppEnv['Variables'], 'db' | 'config' | 'mailer' | 'user' | 'requestId'> & {
  storage: R2Bucket;
  ip: string;
  /** Where links in e-mails point: PUBLIC_URL, else the request's own origin. */
  origin: string;
};

export function authCtx(c: Context<AppEnv>): AuthCtx {
  const { db, config, mailer, user, requestId } = c.var;
  return {
    db,
    config,
    mailer,
    user,
    requestId,
    storage: c.env.UPLOADS,
    ip: clientIp(c.req.header('cf-connecting-ip')),
    origin: (config.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/+$/, ''),
  };
}
