import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { atWallTime } from '#core/time-zone.ts';
import { kioskPinHash } from '#core/kiosk/pin-hash.ts';
import {
  checkInKind,
  currentSession,
  defaultSession,
  memberByPin,
  memberByQr,
  nextRefreshAt,
  openSessions,
  SNAPSHOT_REFRESH_MS,
  typedCode,
} from './kiosk-rules.ts';
import type { KioskSession } from './kiosk-snapshot.ts';

const ZONE = 'America/Vancouver';
const at = (h: number, m = 0) => atWallTime(2026, 12, 3, h, m, ZONE).getTime();
const session = (id: string, startH: number, endH: number, extra: Partial<KioskSession> = {}): KioskSession => ({
  _id: id,
  title: id,
  location: null,
  instructorName: null,
  status: 'scheduled',
  startsAt: new Date(at(startH)).toISOString(),
  endsAt: new Date(at(endH)).toISOString(),
  ...extra,
});

describe('which session the kiosk checks in to', () => {
  const day = [
    session('evening', 18, 19),
    session('morning', 7, 8),
    session('noon', 12, 13),
    session('cancelled', 17, 18, { status: 'cancelled' }),
  ];

  it("offers today's sessions in order of start, without cancelled ones or another day's", () => {
    const yesterday = session('yesterday', 18, 19, { startsAt: new Date(at(18) - 86_400_000).toISOString() });
    expect(openSessions([...day, yesterday], at(6), ZONE).map((s) => s._id)).toEqual(['morning', 'noon', 'evening']);
  });

  it('defaults to the ongoing one, or the next when it starts sooner than the ongoing one began, else the last', () => {
    const open = openSessions(day, at(6), ZONE);
    expect(defaultSession(open, at(12, 20))?._id).toBe('noon');
    expect(defaultSession(open, at(6))?._id).toBe('morning');
    const overlapping = openSessions([session('long', 17, 19), session('next', 18, 19)], at(6), ZONE);
    expect(defaultSession(overlapping, at(17, 50))?._id).toBe('next');
    expect(defaultSession(overlapping, at(17, 5))?._id).toBe('long');
    expect(defaultSession(open, at(22))?._id).toBe('evening');
    expect(defaultSession([], at(22))).toBeNull();
  });

  it('keeps a session picked by hand until it is over', () => {
    const open = openSessions(day, at(6), ZONE);
    expect(currentSession(open, 'evening', at(12, 10))?._id).toBe('evening');
    expect(currentSession(open, 'morning', at(12, 10))?._id).toBe('noon');
    expect(currentSession(open, 'gone', at(12, 10))?._id).toBe('noon');
  });
});

describe('a check-in', () => {
  it('is present up to 10 minutes after the start, late after that', () => {
    const s = session('s', 18, 19);
    expect(checkInKind(s, at(17, 45))).toBe('present');
    expect(checkInKind(s, at(18, 10))).toBe('present');
    expect(checkInKind(s, at(18, 10) + 1)).toBe('late');
  });

  it('takes 4–6 digits as a PIN and anything else typed as a QR code', () => {
    expect(typedCode(' 1234 ')).toEqual({ kind: 'pin', value: '1234' });
    expect(typedCode('123456')).toEqual({ kind: 'pin', value: '123456' });
    expect(typedCode('1234567')).toEqual({ kind: 'qr', value: '1234567' });
    expect(typedCode('qr_abc')).toEqual({ kind: 'qr', value: 'qr_abc' });
    expect(typedCode('  ')).toBeNull();
  });
});

describe('the snapshot is refreshed', () => {
  it('every few minutes, and at the school’s midnight when that comes first', () => {
    expect(nextRefreshAt(at(12), ZONE)).toBe(at(12) + SNAPSHOT_REFRESH_MS);
    expect(nextRefreshAt(at(23, 58), ZONE)).toBe(atWallTime(2026, 12, 4, 0, 0, ZONE).getTime());
  });
});

describe('recognising a member offline', () => {
  const pinKeyBytes = Buffer.alloc(32, 9);
  const pinKey = pinKeyBytes.toString('base64url');
  const members = [
    {
      userId: 'u1',
      name: 'Aiko T.',
      qr: createHash('sha256').update('qr_aiko').digest('hex'),
      pin: createHmac('sha256', pinKeyBytes).update('4321').digest('hex'),
      mayTrain: true,
    },
    { userId: 'u2', name: 'Ben R.', qr: createHash('sha256').update('qr_ben').digest('hex'), pin: null, mayTrain: false },
  ];

  it('by the SHA-256 of the QR token the snapshot holds', async () => {
    expect((await memberByQr({ members }, 'qr_ben'))?.userId).toBe('u2');
    expect(await memberByQr({ members }, 'qr_nobody')).toBeNull();
  });

  it('by the HMAC of the PIN under the snapshot’s key, as the server computes it', async () => {
    expect(await kioskPinHash(pinKey, '4321')).toBe(members[0]?.pin);
    expect((await memberByPin({ members, pinKey }, '4321', kioskPinHash))?.userId).toBe('u1');
    expect(await memberByPin({ members, pinKey }, '4322', kioskPinHash)).toBeNull();
    expect(await memberByPin({ members, pinKey: '%%%' }, '4321', kioskPinHash)).toBeNull();
  });
});
