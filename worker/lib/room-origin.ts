import type { Bindings } from '#worker/env.ts';

/**
 * The checks before a socket reaches a room: only WebSocket upgrades (rooms answer no HTTP), and a
 * browser's Origin must be this site (the request's own origin or PUBLIC_URL), so another site's page
 * cannot open a socket with a visitor's stolen token. Clients without an Origin (servers, tests) still
 * need a valid token. Null when the request may go on.
 */
export function roomRequestAllowed(request: Request, env: Pick<Bindings, 'PUBLIC_URL'>): Response | null {
  if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response('Not found', { status: 404 });
  const origin = request.headers.get('origin');
  if (!origin) return null;
  const allowed = new Set([new URL(request.url).origin]);
  if (env.PUBLIC_URL) allowed.add(new URL(env.PUBLIC_URL).origin);
  return allowed.has(origin) ? null : new Response('Origin not allowed', { status: 403 });
}
