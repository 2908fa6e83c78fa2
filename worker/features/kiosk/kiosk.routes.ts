import { Hono } from 'hono';
import { CHECK_IN_MESSAGES, PinSchema, RegisterKioskSchema } from '#core/kiosk/check-in.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { myQr, removePin, rotateQr, setPin } from './kiosk.credentials.ts';
import { listDevices, registerDevice, revokeDevice } from './kiosk.devices.ts';
import { kioskSnapshot } from './kiosk.snapshot.ts';

/** Mounted at /api/kiosk: the school's devices and what a device reads to work offline. */
export const kioskRoutes = new Hono<AppEnv>()
  .post('/devices', validate('json', RegisterKioskSchema), async (c) => {
    const data = await registerDevice(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data, ...data, message: CHECK_IN_MESSAGES.registered }, 201);
  })
  .get('/devices', async (c) => {
    const data = await listDevices(c.var.ctx);
    return c.json({ success: true, data, devices: data, count: data.length });
  })
  .post('/devices/:id/revoke', async (c) => {
    const device = await revokeDevice(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: { device }, device, message: CHECK_IN_MESSAGES.revoked });
  })
  .get('/snapshot', async (c) => {
    const data = await kioskSnapshot(c.var.ctx);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, data });
  });

/** Mounted at /api/attendance beside the attendance feature: each person's own check-in credentials. */
export const checkInRoutes = new Hono<AppEnv>()
  .get('/my-qr', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, data: await myQr(c.var.ctx) });
  })
  .post('/my-qr/rotate', async (c) => c.json({ success: true, data: await rotateQr(c.var.ctx), message: CHECK_IN_MESSAGES.rotated }))
  .put('/my-pin', validate('json', PinSchema), async (c) =>
    c.json({ success: true, data: await setPin(c.var.ctx, c.req.valid('json').pin), message: CHECK_IN_MESSAGES.pinSet }),
  )
  .delete('/my-pin', async (c) => c.json({ success: true, data: await removePin(c.var.ctx), message: CHECK_IN_MESSAGES.pinRemoved }));
