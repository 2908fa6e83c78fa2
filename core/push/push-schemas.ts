import { z } from 'zod';
import { fromBase64Url } from './base64url.ts';
import { isPushServiceUrl, PUSH_SERVICE_NAMES } from './push-services.ts';

/** Spec 8 "Push" messages, shown by the browser in a 'Push Notification Error' notification. */
export const PUSH_MESSAGES = {
  errorTitle: 'Push Notification Error',
  notSupported: 'Push notifications are not supported in this browser',
  permissionDenied: 'Please allow notifications in your browser settings',
  invalidSubscription: 'Failed to create valid subscription',
  enableFailed: 'Failed to enable push notifications',
  disableFailed: 'Failed to disable push notifications',
  notConfigured: 'Push notifications are not configured',
  subscribed: 'Push notifications enabled',
  unsubscribed: 'Push notifications disabled',
  notFound: 'Push subscription not found',
  otherAccount: 'This browser already receives notifications for another account; that account must turn them off first',
  endpointRequired: 'Endpoint is required',
  invalidDevice: 'Invalid device information',
  unknownPushService: `The push endpoint must be an https address of a known push service: ${PUSH_SERVICE_NAMES}`,
} as const;

/** A user keeps at most this many devices; subscribing another replaces the one least recently subscribed. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;
export const MAX_ENDPOINT_LENGTH = 1000;
/** RFC 8291: the browser's ECDH key is an uncompressed P-256 point; the auth secret is 16 bytes. */
export const P256DH_BYTES = 65;
export const AUTH_SECRET_BYTES = 16;

const invalid = { error: PUSH_MESSAGES.invalidSubscription };

const keyOfLength = (bytes: number, firstByte?: number) =>
  z.string(invalid).refine((v) => {
    const decoded = fromBase64Url(v);
    return decoded?.length === bytes && (firstByte === undefined || decoded[0] === firstByte);
  }, invalid);

/** What PushSubscription.toJSON() gives; every flaw answers the spec's one message. */
export const PushSubscriptionSchema = z.object(
  {
    endpoint: z.string(invalid).max(MAX_ENDPOINT_LENGTH, invalid).refine(isPushServiceUrl, { error: PUSH_MESSAGES.unknownPushService }),
    keys: z.object({ p256dh: keyOfLength(P256DH_BYTES, 0x04), auth: keyOfLength(AUTH_SECRET_BYTES) }, invalid),
    expirationTime: z.number(invalid).int(invalid).nonnegative(invalid).nullish(),
  },
  invalid,
);

const deviceText = (max: number) =>
  z.string({ error: PUSH_MESSAGES.invalidDevice }).trim().max(max, PUSH_MESSAGES.invalidDevice).default('');

export const DeviceInfoSchema = z.object(
  {
    userAgent: deviceText(500),
    platform: deviceText(100),
    browser: deviceText(100),
    deviceName: z.enum(['Mobile', 'Desktop'], { error: PUSH_MESSAGES.invalidDevice }).default('Desktop'),
  },
  { error: PUSH_MESSAGES.invalidDevice },
);

export const SubscribeSchema = z.object({
  subscription: PushSubscriptionSchema,
  deviceInfo: DeviceInfoSchema.prefault({}),
});

export const UnsubscribeSchema = z.object({
  endpoint: z.string({ error: PUSH_MESSAGES.endpointRequired }).min(1, PUSH_MESSAGES.endpointRequired).max(MAX_ENDPOINT_LENGTH),
});

export type SubscribeInput = z.infer<typeof SubscribeSchema>;
export type DeviceInfo = z.infer<typeof DeviceInfoSchema>;
