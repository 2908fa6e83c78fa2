import type { KioskDeviceRow } from '#db/schema/index.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A kiosk device as the API shows it: never its token or the token's hash. */
export const serializeDevice = (row: KioskDeviceRow) => ({
  _id: row.id,
  name: row.name,
  location: row.location,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: iso(row.lastSeenAt),
  revokedAt: iso(row.revokedAt),
});
export type KioskDeviceView = ReturnType<typeof serializeDevice>;
