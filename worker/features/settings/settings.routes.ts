import { Hono } from 'hono';
import { SETTINGS_MESSAGES } from '#core/settings/settings-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { readSettingsBody } from './settings.body.ts';
import { getSettings, updateSettings } from './settings.service.ts';

export const settingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const settings = await getSettings({ ctx: { db: c.var.db } });
    return c.json({ success: true, data: settings, settings });
  })
  .put('/', async (c) => {
    const { input, logo } = await readSettingsBody(c.req.raw);
    const settings = await updateSettings({ ctx: { db: c.var.db, storage: c.env.UPLOADS }, input, logo });
    return c.json({ success: true, data: settings, settings, message: SETTINGS_MESSAGES.updated });
  });
