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
  // A fixed RSA key made for the tests only: signs certificates' VC-JWTs (worker/lib/certificates).
  CERTIFICATE_SIGNING_KEY: JSON.stringify({
    kty: 'RSA',
    n: 'uYdAgp7pfsRSoSUgHarO320vq0nycIHdk5T_PXN0Gqhl2DmAnxM_NtTKET9hRBoDwSzjEN9rVIzKBY8Ex5phUqoK-eIQawmFwrObUe6cCNl64SLs77oUqiIfAPO0YjYFFXgoTFRzooR2YW58pm-cEf2JRi6bVbZckTgzqsEhPeNc_Mss7_1EshRLByz5ZugTfNE3koFxKVhVgdZodDcA0l6thk8qPRiZVEEhdZ8ABpvL-2qGNGrUbvcu0A8JH90y14khvROEaNGBAG7aNqb2JGkx0USoeyQX7Kr-X8e22jybUGu7NkJvrafl8BuHIvlk3pq3Hw4kB534lci0ox6hNw',
    e: 'AQAB',
    d: 'wdAthwwSuYk9ZmLEwSWh8QFngtF7oXxyPrPru-qRu72smhtd2ZV80Cbq8SbOxGMtypMZ0GxNs6oYM9CkGe4MDFx2YyW5Y4fKNJVss0uyRfVvSB4tqMUyDFUv2c69jqCEUzGPHCEdSVRgFTQb4v4lBhXWmmbn-XSi1iXF-zlqu7C8-UJl4KAPr9bNlqTehArl7JXYCZFtyAm5w_4PZakpPfB8Javd80_6A2R-V4PL4L3rJbRkL4xVHHbaXNbNNn9kSGH05lu1r7Y2R9k7OPwXwI534KWU9caZbLgbdjj5rqSI--qZhxnLs2iB2FWqc0xdEaqqQKwWh0ea7cKf3q1h',
    p: '9nI70CaVa8rUBLDJHQ0wUgXmYO_dn1roNYL6PxlgSwWIAlsLAJy-dcAXgopp-dH7xF99rZq2K74vZNzoHz3foYhzqSj9tbx6526SY8bKR_8INj9i3lTgTp9MDZh6I6jUwwMNCgThO5L0xPL_FkjrObBRyDB-cZ1GX9GsQxZAFB8',
    q: 'wLh18lpq2e4SWWReqTfn-3h94tn8fqJG-CB2H-zNcBzt8-86VMtOIgPngOKPN0l2sfTXvNKb3R_w6SoVQY4tyJKZ4XtJzF9UyFvnPQ6nrl-Q7ZsTAOqlsv7kOU5sn2jASr4jJxjgWpu7UvCfPaL8swCm8r1rVuSXIzG-3Y6Rj-k',
    dp: 'Wu45PYsO9M_IvNZRzkNQgeMlZrz6Q9Lx_NSP6vo8-lFXJq9a9uXerGmtAwB5K7EbuRAWuhhsgOVSbV_I0cYtnldPfanfOtAJdRzqLKBrgHcMG5_1pd0hSkEieZ256zBfGHkmtXypcia943FZR2quSAHTmw6xiNAj6DTf33z1Nbc',
    dq: 'DgDZQSTkwrUTzD8Iyc7wIkudChDA0grEkV76dlNkkhLoD2OAn4yuPrZ96dWMhn3mDAQ4cNX00VpyzN5r8Pl9xicw2zt0H0-F_5D9-mfIM1lqVHmCJfzm0VzIBIn4RpT78_Jg54RdOPg74kjtqTLgnbkcaGLvG788ZChHMB4d4ZE',
    qi: '6vOMjxLHrD2eJJcY4-Dkms83QVqussEjXTBHmX8tkXkvUdSxyH14lFF0lhazNgoMlbAxhWEd0Z1_ZYKBUB3tDyrnkXwaoART29Lr_b5FHFnhzKJFaLOsgitTVfSK2ICOQ94ZvdJLl8qKPpFT8h3Y0GR0dyxX5SqLTRwCm3rXw7g',
  }),
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
/** Files that change a setting every request obeys (the required waiver): their own database, one file at a time. */
const SERIAL_TESTS = 'worker/**/*.serial.test.ts';
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
      workerProject('worker', ['worker/**/*.test.ts', 'party/**/*.room.test.ts'], {
        exclude: [SOCIAL_TESTS, NODE_SIDE_TESTS, SERIAL_TESTS],
      }),
      workerProject('worker-serial', [SERIAL_TESTS], { fileParallelism: false }),
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
