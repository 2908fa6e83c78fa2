import { routePartykitRequest } from 'partyserver';
import { createApp } from './app.ts';
import type { Bindings } from './env.ts';
import { roomRequestAllowed } from './lib/room-origin.ts';
import { scheduled } from './scheduled.ts';
import { roomAccountExists } from '#party/user-room.ts';

export { UserRoom } from '#party/user-room.ts';

const app = createApp();

/** Realtime rooms (/parties/…) go to partyserver before Hono, so a WebSocket upgrade answer is never rewritten. */
async function fetch(request: Request, env: Bindings, ctx: ExecutionContext): Promise<Response> {
  if (new URL(request.url).pathname.startsWith('/parties/')) {
    const refused = await roomRequestAllowed(request, env, (userId) => roomAccountExists(env, userId));
    if (refused) return refused;
    return (await routePartykitRequest(request, env as never)) ?? new Response('Not found', { status: 404 });
  }
  return app.fetch(request, env, ctx);
}

export default { fetch, scheduled } satisfies ExportedHandler<Bindings>;
