/** What GET /api/kiosk/snapshot answers (API-24.md "Kiosk and check-in credentials"), as much as the kiosk reads. */
export type KioskSession = {
  _id: string;
  title: string;
  location: string | null;
  startsAt: string;
  endsAt: string;
  instructorName: string | null;
  status: 'scheduled' | 'cancelled';
};

/** One member who may check in: `qr` is hex SHA-256 of their QR token, `pin` hex HMAC-SHA256 of their PIN (or null). */
export type KioskMember = { userId: string; name: string; qr: string; pin: string | null; mayTrain: boolean };

export type KioskSnapshot = {
  device: { _id: string; name: string; location: string | null };
  generatedAt: string;
  timeZone: string;
  pinKey: string;
  sessions: KioskSession[];
  members: KioskMember[];
};

/** The fields the kiosk cannot work without; anything else in the answer is ignored. */
export function isKioskSnapshot(value: unknown): value is KioskSnapshot {
  const s = value as Partial<KioskSnapshot> | null;
  return (
    !!s &&
    typeof s === 'object' &&
    typeof s.device?._id === 'string' &&
    typeof s.timeZone === 'string' &&
    typeof s.pinKey === 'string' &&
    Array.isArray(s.sessions) &&
    Array.isArray(s.members)
  );
}
