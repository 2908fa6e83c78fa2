import { atWallTime, localDate } from '#core/time-zone.ts';
import type { KioskMember, KioskSession, KioskSnapshot } from './kiosk-snapshot.ts';

/** A check-in more than this after the start is recorded as late (issue 24 §5). */
export const LATE_AFTER_MS = 10 * 60_000;
/** How often an online kiosk takes a fresh snapshot (new members, rotated codes, changed sessions). */
export const SNAPSHOT_REFRESH_MS = 5 * 60_000;

const ms = (iso: string) => new Date(iso).getTime();

const sameDay = (a: number, b: number, timeZone: string) => {
  const x = localDate(0, a, timeZone);
  const y = localDate(0, b, timeZone);
  return x.y === y.y && x.month === y.month && x.day === y.day;
};

/**
 * The sessions a member can check in to: not cancelled, on the school's today (a snapshot kept past
 * midnight while offline offers none rather than yesterday's), in order of start.
 */
export const openSessions = (sessions: readonly KioskSession[], now: number, timeZone: string) =>
  sessions
    .filter((s) => s.status !== 'cancelled' && sameDay(ms(s.startsAt), now, timeZone))
    .sort((a, b) => ms(a.startsAt) - ms(b.startsAt));

/**
 * The session people arriving now most likely came for: of those not yet over, the one whose start is
 * nearest (a class starting in 10 minutes beats one that began 40 minutes ago); when all are over, the last.
 */
export function defaultSession(open: readonly KioskSession[], now: number): KioskSession | null {
  const coming = open.filter((s) => ms(s.endsAt) > now);
  if (!coming.length) return open.at(-1) ?? null;
  return coming.reduce((best, s) => (Math.abs(ms(s.startsAt) - now) < Math.abs(ms(best.startsAt) - now) ? s : best));
}

/** The session checked in to: the one picked by hand while it is on `open` and not over, else the default. */
export function currentSession(open: readonly KioskSession[], pickedId: string | null, now: number): KioskSession | null {
  const picked = pickedId ? open.find((s) => s._id === pickedId) : undefined;
  return picked && ms(picked.endsAt) > now ? picked : defaultSession(open, now);
}

export const checkInKind = (session: Pick<KioskSession, 'startsAt'>, now: number): 'present' | 'late' =>
  now - ms(session.startsAt) > LATE_AFTER_MS ? 'late' : 'present';

/** When the next snapshot is due: in a few minutes, or at the school's midnight if that comes first (a new day's sessions). */
export function nextRefreshAt(now: number, timeZone: string): number {
  const d = localDate(1, now, timeZone);
  const midnight = atWallTime(d.y, d.month, d.day, 0, 0, timeZone).getTime();
  return Math.min(now + SNAPSHOT_REFRESH_MS, midnight);
}

/** What a scanner or the keyboard typed: a 4–6 digit PIN, or the text of a QR code. */
export function typedCode(text: string): { kind: 'pin' | 'qr'; value: string } | null {
  const value = text.trim();
  if (!value) return null;
  return /^\d{4,6}$/.test(value) ? { kind: 'pin', value } : { kind: 'qr', value };
}

export const sha256Hex = async (text: string) => hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The member whose QR token this is: the snapshot holds only the tokens' hashes. */
export async function memberByQr(snapshot: Pick<KioskSnapshot, 'members'>, code: string): Promise<KioskMember | null> {
  const digest = await sha256Hex(code.trim());
  return snapshot.members.find((m) => m.qr === digest) ?? null;
}

/** The member with this PIN, verified offline with the snapshot's key (PINs are unique per school). */
export async function memberByPin(
  snapshot: Pick<KioskSnapshot, 'members' | 'pinKey'>,
  pin: string,
  pinHash: (pinKey: string, pin: string) => Promise<string>,
): Promise<KioskMember | null> {
  if (!/^\d{4,6}$/.test(pin)) return null;
  const digest = await pinHash(snapshot.pinKey, pin).catch(() => null);
  return (digest && snapshot.members.find((m) => m.pin === digest)) || null;
}
