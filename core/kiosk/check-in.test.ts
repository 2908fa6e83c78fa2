import { describe, expect, it } from 'vitest';
import { kioskName, kioskUrl, PinSchema, RegisterKioskSchema } from './check-in.ts';
import { kioskPinHash, kioskPinKey } from './pin-hash.ts';

describe('kioskName', () => {
  it('shows the first name and the last initial, never the whole last name', () => {
    expect(kioskName('Aiko', 'tanaka', 'Member')).toBe('Aiko T.');
    expect(kioskName('  Ren ', '', 'Member')).toBe('Ren');
    expect(kioskName(null, 'Sato', 'Member')).toBe('Member S.');
    expect(kioskName(undefined, undefined, 'Member')).toBe('Member');
  });
});

describe('check-in input', () => {
  it('takes 4 to 6 ASCII digits as a PIN and nothing else', () => {
    for (const pin of ['0000', '12345', '987654']) expect(PinSchema.safeParse({ pin }).success, pin).toBe(true);
    for (const pin of ['123', '1234567', '12a4', ' 1234', '١٢٣٤', 1234, null])
      expect(PinSchema.safeParse({ pin }).error?.issues[0]?.message, String(pin)).toBe('PIN must be 4 to 6 digits');
  });

  it('trims a kiosk name and stores a blank location as null', () => {
    expect(RegisterKioskSchema.parse({ name: ' Door ', location: '  ' })).toEqual({ name: 'Door', location: null });
  });

  it('puts the kiosk token in the fragment of the URL', () => {
    expect(kioskUrl('https://dojo.example', 'kiosk_abc')).toBe('https://dojo.example/kiosk#token=kiosk_abc');
  });
});

describe('the PIN hash a kiosk checks offline', () => {
  it('is hex HMAC-SHA256 keyed with the base64url-decoded pin key (RFC 4231 test case 1)', async () => {
    const pinKey = 'CwsLCwsLCwsLCwsLCwsLCwsLCws'; // 20 bytes of 0x0b
    expect(await kioskPinHash(pinKey, 'Hi There')).toBe('b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7');
  });

  it('derives a 32-byte base64url pin key from the secret, and different PINs hash apart', async () => {
    const key = await kioskPinKey('x'.repeat(32));
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await kioskPinKey('y'.repeat(32))).not.toBe(key);
    expect(await kioskPinHash(key, '1234')).not.toBe(await kioskPinHash(key, '1235'));
  });
});
