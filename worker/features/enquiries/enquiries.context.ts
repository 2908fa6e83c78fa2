import type { Context } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { clientIp } from '#worker/lib/rate-limit.ts';

/** What the enquiry services need; built once per handler so services never see Hono. */
export type EnquiriesCtx = Pick<AppEnv['Variables'], 'db' | 'config' | 'mailer' | 'requestId'> & {
  ip: string;
  /** Where links in e-mails point: PUBLIC_URL, else the request's own origin. */
  origin: string;
};

export function enquiriesCtx(c: Context<AppEnv>): EnquiriesCtx {
  const { db, config, mailer, requestId } = c.var;
  return {
    db,
    config,
    mailer,
    requestId,
    ip: clientIp(c.req.header('cf-connecting-ip')),
    origin: (config.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/+$/, ''),
  };
}
