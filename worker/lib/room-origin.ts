import type { Bindings } from '#worker/env.ts';

/** The one room path: `/parties/user/{userId}` (partyserver's prefix, the binding `User`, a user's id). */
const ROOM_PATH = /^\/parties\/user\/([0-9A-Za-z_-]{1,64})\/?$/;

/**
 * The checks before a socket reaches a room, so no Durable Object is made for a request that will be
 * refused: only WebSocket upgrades to a room named by an existing account's id (rooms answer no HTTP),
 * never a token in the URL (URLs are logged: the token goes in the `authenticate` frame), and a
 * browser's Origin must be this site (the request's own origin or PUBLIC_URL), so another site's page
 * cannot open a socket with a visitor's stolen token. Clients without an Origin (servers, tests) still
 * need a valid token. Null when the request may go on.
 */
export async function roomRequestAllowed(
  request: Request,
  env: Pick<Bindings, 'PUBLIC_URL'>,
  accountExists: (userId: string) => Promise<boolean>,
): Promise<Response | null> {
  if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response('Not found', { status: 404 });
  const url = new URL(request.url);
  if (url.searchParams.has('token')) return new Response('Send the token in the authenticate frame, not in the URL', { status: 400 });
  const origin = request.headers.get('origin');
  const allowed = new Set([url.origin]);
  if (env.PUBLIC_URL) allowed.add(new URL(env.PUBLIC_URL).origin);
  if (origin && !allowed.has(origin)) return new Response('Origin not allowed', { status: 403 });
  const userId = ROOM_PATH.exec(url.pathname)?.[1];
  if (!userId) return new Response('Not found', { status: 404 });
  try {
    return (await accountExists(userId)) ? null : new Response('Not found', { status: 404 });
  } catch {
    return new Response('The service is temporarily unavailable, please try again shortly', { status: 503 });
  }
}
