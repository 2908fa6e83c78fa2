import { Hono } from 'hono';
import { SETTINGS_MESSAGES } from '#core/settings/settings-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { readBody } from '#worker/lib/body.ts';
import { badRequest } from '#worker/lib/errors.ts';
import { paymentSetup } from '#worker/lib/payments/registry.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { getSettings, LOGO_MAX_BYTES, LOGO_TOO_LARGE, updateSettings } from './settings.service.ts';

/** Room for the text fields (two legal texts of up to 50,000 characters) beside the logo. */
const FIELDS_MAX_BYTES = 512 * 1024;
const BODY = {
  maxBytes: LOGO_MAX_BYTES + FIELDS_MAX_BYTES,
  tooLargeMessage: LOGO_TOO_LARGE,
  jsonMaxBytes: FIELDS_MAX_BYTES,
  jsonTooLargeMessage: 'Settings must not exceed 512KB',
};
const isJsonOrMultipart = (type: string) => type.startsWith('application/json') || type.startsWith('multipart/form-data');

/** The payments line tells the admin's screen when checkout is off (no gateway configured in production). */
const withPayments = <T extends object>(ctx: ServiceCtx, settings: T) => ({ ...settings, payments: paymentSetup(ctx.config) });

export const settingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const settings = withPayments(c.var.ctx, await getSettings(c.var.ctx));
    return c.json({ success: true, data: settings, settings });
  })
  .put('/', bodyLimit(BODY), async (c) => {
    if (!isJsonOrMultipart(c.req.header('content-type')?.toLowerCase() ?? '')) throw badRequest(SETTINGS_MESSAGES.bodyObject);
    const settings = withPayments(c.var.ctx, await updateSettings(c.var.ctx, await readBody(c.req.raw, BODY)));
    return c.json({ success: true, data: settings, settings, message: SETTINGS_MESSAGES.updated });
  });
