import { Hono } from 'hono';
import { ACCESS } from './access.ts';
import type { AppEnv } from './env.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { outboxRoutes } from './features/outbox/outbox.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { authorize } from './middleware/auth.ts';
import { context } from './middleware/context.ts';
import { apiNotFound, onError } from './middleware/errors.ts';
import { requestId } from './middleware/request-id.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { pageRoutes } from './pages/page.routes.ts';

export function createApp() {
  const api = new Hono<AppEnv>()
    .route('/health', healthRoutes)
    .route('/auth', authRoutes)
    .route('/users', usersRoutes)
    .route('/admin/outbox', outboxRoutes)
    .route('/files', filesRoutes);

  // Not strict: the spec's client calls some paths with a trailing slash (GET /courses/, POST /orders/).
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', requestId, securityHeaders, context);
  app.use('/api/*', authorize(ACCESS));
  app.route('/api', api);
  app.all('/api/*', apiNotFound);
  app.route('/', pageRoutes);
  app.onError(onError);
  assertAccessTableCovers(app);
  return app;
}

/** A route without an access rule is a bug that must fail at start-up (and so in every test). */
export function apiRouteKeys(app: Hono<AppEnv>): string[] {
  return app.routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL').map((r) => `${r.method} ${r.path}`);
}

function assertAccessTableCovers(app: Hono<AppEnv>) {
  const missing = apiRouteKeys(app).filter((k) => !ACCESS[k]);
  if (missing.length) throw new Error(`Routes missing from the access table: ${missing.join(', ')}`);
}
