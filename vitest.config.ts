import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

/** Settings the Worker gets in API tests; rate limits are raised so that only the tests about them hit them. */
const testVars = {
  APP_ENV: 'test',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  // A fixed VAPID pair made for the tests only (push tests verify the JWT against this public key).
  VAPID_PUBLIC_KEY: 'BJOoSN9ke6WZbTCnNPNjUavKIqdsEAL40D_zxuUDEwrrRl2ye7_3GjbSc-uFO2YxrIJYfgGlYBaYwQt_PNxjh7Y',
  VAPID_PRIVATE_KEY: JSON.stringify({
    kty: 'EC',
    crv: 'P-256',
    x: 'k6hI32R7pZltMKc082NRq8oip2wQAvjQP_PG5QMTCus',
    y: 'Rl2ye7_3GjbSc-uFO2YxrIJYfgGlYBaYwQt_PNxjh7Y',
    d: 'zHf2NiZjzoeoH0LV4pH-nASyFMdY974kPfZMkCQBd4o',
  }),
  VAPID_SUBJECT: 'mailto:push-tests@dojo.test',
  // X and LinkedIn are the platforms set up "for real" in tests, stubbed at fetch with their documented
  // shapes; the other four connect through the local stand-in, as they do with `npm start`.
  TWITTER_CLIENT_ID: 'test-x-client-id',
  TWITTER_CLIENT_SECRET: 'test-x-client-secret',
  LINKEDIN_CLIENT_ID: 'test-linkedin-client-id',
  LINKEDIN_CLIENT_SECRET: 'test-linkedin-client-secret',
  SOCIAL_TOKEN_KEY: 'dGVzdC1zb2NpYWwtdG9rZW4ta2V5LTMyLWJ5dGVzISE=',
  RATE_LIMIT_LOGIN_IP: '100000/900',
  RATE_LIMIT_REGISTER_IP: '100000/3600',
  RATE_LIMIT_PASSWORD_RESET_IP: '100000/3600',
  // Every test's request comes from one address; the cap's own tests set it in the service context.
  ORDER_UNPAID_PER_IP: '100000',
};

const SOCIAL_TESTS = 'worker/features/social-*/**/*.test.ts';
/** Worker code checked against a Node-only reference (e.g. push against `http_ece`): run in Node, not workerd. */
const NODE_SIDE_TESTS = 'worker/**/*.node.test.ts';

/** API tests in workerd against the libSQL server of test/global-setup.ts. */
const workerProject = (name: string, include: string[], more: { exclude?: string[]; fileParallelism?: boolean }) => ({
  plugins: [
    cloudflareTest(({ inject }) => ({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: { bindings: { ...testVars, LIBSQL_URL: inject('libsqlUrl' as never) as string } },
    })),
  ],
  test: {
    name,
    include,
    ...more,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/worker-setup.ts'],
    testTimeout: 20_000,
    // Reusing the workerd runtime across files saves ~1.3 s of start-up per file; tests share no state.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'core/**/*.test.ts',
            'db/**/*.test.ts',
            'scripts/**/*.test.ts',
            'web/lib/**/*.test.ts',
            'web/panel/**/*.test.ts',
            'web/components/**/*.test.ts',
            'web/kiosk/**/*.test.ts',
            'party/frame-budget.test.ts',
            NODE_SIDE_TESTS,
          ],
          environment: 'node',
        },
      },
      workerProject('worker', ['worker/**/*.test.ts', 'party/**/*.room.test.ts'], { exclude: [SOCIAL_TESTS, NODE_SIDE_TESTS] }),
      // A platform has one connected account, and these files each set the accounts they need: one file at a time.
      workerProject('worker-social', [SOCIAL_TESTS], { fileParallelism: false }),
      {
        // Its own stack, whose db/server it kills and restarts (test/fault/db-kill.test.ts).
        test: { name: 'fault', include: ['test/fault/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/stack-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
