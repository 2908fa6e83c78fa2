import { noPush, usePushSender } from '#worker/lib/notify.ts';

/**
 * Runs before every worker test file. Tests share one database, so a broadcast or an admin notice
 * reaches accounts that other files subscribed to push with made-up endpoints: by default a
 * notification's push goes nowhere instead of out to the network (where a failed lookup can also
 * upset workerd). The push tests install the real sender with fetch stubbed (`usePushSender(null)`
 * + a fetch spy, or `sendPush` with a fetcher).
 */
usePushSender(noPush);
