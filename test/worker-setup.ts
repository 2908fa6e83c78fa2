import { exports } from 'cloudflare:workers';
import { beforeAll } from 'vitest';
import { noPush, usePushSender } from '#worker/lib/notify.ts';

/**
 * Runs before every worker test file. Tests share one database, so a broadcast or an admin notice
 * reaches accounts that other files subscribed to push with made-up endpoints: by default a
 * notification's push goes nowhere instead of out to the network (where a failed lookup can also
 * upset workerd). The push tests install the real sender with fetch stubbed (`usePushSender(null)`
 * + a fetch spy, or `sendPush` with a fetcher).
 */
usePushSender(noPush);

/**
 * The first request of a file pays the Worker's cold start (its modules, the database client): on a
 * loaded 2-core machine that reached 15 s, and a first test then timed out at the 20 s test limit
 * though nothing was wrong. One health call here pays it under a hook's own, longer limit.
 */
beforeAll(async () => {
  await (await exports.default.fetch(new Request('http://dojo.test/api/health'))).arrayBuffer();
}, 120_000);
