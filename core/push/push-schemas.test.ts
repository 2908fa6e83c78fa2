import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './base64url.ts';
import { PushSubscriptionSchema } from './push-schemas.ts';

const point = toBase64Url(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i)));
const auth = toBase64Url(new Uint8Array(16).fill(7));
const valid = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: point, auth } };

describe('base64url', () => {
  it('round-trips bytes without padding and reads padded input too', () => {
    const bytes = Uint8Array.from([251, 255, 0, 1, 2]);
    expect(toBase64Url(bytes)).toBe('-_8AAQI');
    expect(fromBase64Url('-_8AAQI')).toEqual(bytes);
    expect(fromBase64Url('-_8AAQI=')).toEqual(bytes);
  });
  it('gives null for text that is not base64url', () => {
    expect(fromBase64Url('a+b/')).toBeNull();
    expect(fromBase64Url('abcde')).toBeNull();
  });
});

describe('PushSubscriptionSchema', () => {
  it("accepts what a browser's PushSubscription.toJSON() gives", () => {
    expect(PushSubscriptionSchema.safeParse({ ...valid, expirationTime: null }).success).toBe(true);
  });
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://android.googleapis.com/gcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/x', true],
    ['https://updates-autopush.stage.mozaws.net/wpush/v2/x', false],
    ['https://push.services.mozilla.com/x', false],
    ['https://web.push.apple.com/QG', true],
    ['https://api.push.apple.com/3/device/x', true],
    ['https://wns2-by3p.notify.windows.com/w/?token=x', true],
    ['https://FCM.GoogleAPIs.com/fcm/send/abc', true],
    ['https://fcm.googleapis.com:443/fcm/send/abc', true],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', false],
    ['https://fcm.googleapis.com./fcm/send/abc', false],
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['https://evilfcm.googleapis.com/x', false],
    ['https://push.apple.com.nip.io/x', false],
    ['https://127.0.0.1.nip.io/x', false],
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['http://fcm.googleapis.com/x', false],
    ['https://10.0.0.1/x', false],
    ['https://[fd00::1]/x', false],
    ['https://localhost:8443/x', false],
    ['https://localhost./x', false],
    ['https://metadata.google.internal./x', false],
    ['https://printer.local/x', false],
    ['https://intranet/x', false],
  ])('endpoint %s → %s', (endpoint, ok) => {
    expect(PushSubscriptionSchema.safeParse({ ...valid, endpoint }).success).toBe(ok);
  });
  it('names the known push services when it refuses an endpoint', () => {
    const result = PushSubscriptionSchema.safeParse({ ...valid, endpoint: 'https://push.example.test/x' });
    expect(result.error?.issues[0]?.message).toBe(
      'The push endpoint must be an https address of a known push service: Google (FCM), Mozilla, Apple or Windows',
    );
  });
});
