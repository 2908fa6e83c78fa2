import { api } from '#web/lib/api.ts';
import { readWithFallback, type OfflineInfo } from '#web/lib/content-api.ts';

/** GET /api/attendance/my-qr (worker/features/kiosk): the caller's opaque QR token and whether a PIN is set. */
export type MyQr = { token: string; rotatedAt: string; hasPin: boolean };

/** The token is kept in the panels' offline store, so the code still shows at a dojo whose Wi-Fi is down. */
export async function readMyQr(signal?: AbortSignal): Promise<{ qr: MyQr; offline: OfflineInfo | undefined }> {
  const body = await readWithFallback<MyQr>('/attendance/my-qr', { signal, fallback: 'Failed to load your check-in code' });
  return { qr: body.data!, offline: body.offline };
}

export const rotateMyQr = () =>
  api<MyQr>('/attendance/my-qr/rotate', { method: 'POST', fallback: 'Failed to change your check-in code' }).then((b) => b.message ?? '');

export const saveMyPin = (pin: string) =>
  api<MyQr>('/attendance/my-pin', { method: 'PUT', body: { pin }, fallback: 'Failed to save your PIN' }).then((b) => b.message ?? '');

export const removeMyPin = () =>
  api<MyQr>('/attendance/my-pin', { method: 'DELETE', fallback: 'Failed to remove your PIN' }).then((b) => b.message ?? '');
