import type { RegisterKioskInput } from '#core/kiosk/check-in.ts';
import { api } from '#web/lib/api.ts';

/** A kiosk device as worker/features/kiosk serialises it. */
export type KioskDevice = {
  _id: string;
  name: string;
  location: string | null;
  createdAt: string;
  lastSeenAt: string | null;
  revokedAt: string | null;
};

export type KiosksQuery = { page: number };

/** Every device (a school has a handful, so one page). */
export async function readKiosks(_: KiosksQuery, signal: AbortSignal): Promise<{ items: KioskDevice[] }> {
  const body = await api<KioskDevice[]>('/kiosk/devices', { signal, fallback: 'Failed to load kiosks' });
  return { items: body.data ?? [] };
}

/** Registers a device; the answer's URL carries its token and is never shown again. */
export async function registerKiosk(input: RegisterKioskInput) {
  const body = await api<{ device: KioskDevice; url: string }>('/kiosk/devices', {
    method: 'POST',
    body: input,
    fallback: 'Failed to register the kiosk',
  });
  return { ...body.data!, message: body.message ?? '' };
}

export const revokeKiosk = (id: string) =>
  api<{ device: KioskDevice }>(`/kiosk/devices/${encodeURIComponent(id)}/revoke`, {
    method: 'POST',
    fallback: 'Failed to revoke the kiosk',
  }).then((b) => b.message ?? '');
