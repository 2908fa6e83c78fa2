import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { auditSummary, AUDITED_METHODS, fieldNames } from '#core/audit/audit-query.ts';
import { newId } from '#core/ids.ts';
import { isAdminCapable } from '#core/roles.ts';
import { profileName } from '#core/users/person-name.ts';
import { auditLog, type NewAuditRow } from '#db/schema/index.ts';
import type { AppEnv } from '#worker/env.ts';
import { isJsonType } from '#worker/lib/body.ts';
import { clientIp } from '#worker/lib/rate-limit.ts';
import { readLimitedBody } from '#worker/lib/uploads.ts';
import { runtimeContext } from '#worker/lib/runtime.ts';

const WRITES = new Set<string>(AUDITED_METHODS);
/** A body the handler never read (a refused call) is read for its field names only when this small. */
const UNREAD_BODY_MAX_BYTES = 16 * 1024;

/**
 * The audit log's one writer: every write (POST, PUT, PATCH, DELETE) by an admin-capable caller, done or
 * refused, is recorded after the handler answered, through `defer` (waitUntil), so it neither slows nor
 * fails the request. It runs before `authorize`, so a write the access table refuses (403) is recorded too.
 */
export const auditWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const user = c.var.user;
  if (!WRITES.has(c.req.method) || !user || !isAdminCapable(user.role)) return;
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL');
  if (!route) return;
  const target = targetOf(route.path, c.req.path);
  const row = c.var.userRow;
  const entry: NewAuditRow = {
    id: newId(),
    actorId: user.id,
    actorName: profileName(row?.profile, user.email),
    actorEmail: user.email,
    actorRole: user.role,
    method: c.req.method,
    route: route.path,
    targetType: target.type,
    targetId: target.id,
    summary: auditSummary(c.req.method, route.path),
    fields: await bodyFieldNames(c),
    status: c.res.status,
    ip: clientIp(c.req.header('cf-connecting-ip')),
    userAgent: (c.req.header('user-agent') ?? '').slice(0, 300),
    country: countryOf(c.req.raw),
    requestId: c.var.requestId,
  };
  const ctx = c.var.ctx ?? runtimeContext(c.env, { user, requestId: c.var.requestId, waitUntil: waitUntilOf(c) });
  ctx.defer('audit log', () => c.var.db.insert(auditLog).values(entry).run());
});

function waitUntilOf(c: Context<AppEnv>) {
  try {
    const exec = c.executionCtx;
    return (p: Promise<unknown>) => exec.waitUntil(p);
  } catch {
    return undefined;
  }
}

/** The resource (`users`) and the record's id where the route names one (`/api/users/:id/block` → users, the id). */
export function targetOf(pattern: string, path: string): { type: string | null; id: string | null } {
  const names = pattern.split('/').filter(Boolean);
  const values = path.split('/').filter(Boolean);
  const type = names[1] ?? null;
  const at = names.findIndex((n) => n.startsWith(':'));
  const value = at >= 0 ? values[at] : undefined;
  return { type, id: value ? decodeURIComponent(value).slice(0, 128) : null };
}

/** What the body's fields were called, never what they held: read from what the handler parsed, else a small unread JSON body. */
async function bodyFieldNames(c: Context<AppEnv>): Promise<string[]> {
  try {
    const cache = c.req.bodyCache;
    if (cache.formData) return [...new Set((await cache.formData).keys())].slice(0, 40);
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (!isJsonType(type)) return [];
    // c.req.json() reads the parsed text back from the cache when the handler read the body.
    if (Object.keys(cache).length) return fieldNames(await c.req.json());
    if (c.req.raw.bodyUsed) return [];
    const bytes = await readLimitedBody(c.req.raw, UNREAD_BODY_MAX_BYTES, 'too large to name its fields');
    return bytes.length ? fieldNames(JSON.parse(new TextDecoder().decode(bytes))) : [];
  } catch {
    return [];
  }
}

const countryOf = (req: Request): string | null => {
  const country = (req as Request & { cf?: { country?: unknown } }).cf?.country;
  return typeof country === 'string' && country ? country.slice(0, 8) : null;
};
