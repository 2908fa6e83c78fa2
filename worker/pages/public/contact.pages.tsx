import { Hono, type Context } from 'hono';
import { CreateEnquirySchema, ENQUIRY_MESSAGES } from '#core/enquiries/enquiry-schemas.ts';
import type { SiteInfo } from '#web/components/site-info.ts';
import { ContactPage } from '#web/pages/public/contact-page.tsx';
import { CHECK_FIELDS, CONTACT_FIELDS, type ContactFormProps, type ContactValues } from '#web/pages/public/contact-form-model.ts';
import { CONTACT_LIMITS, HONEYPOT_FIELD, validateEnquiry } from '#web/pages/public/contact-validation.ts';
import type { AppEnv } from '#worker/env.ts';
import { createEnquiry } from '#worker/features/enquiries/enquiries.create.ts';
import { bodyLimit, PAGE_BODY_MAX_BYTES } from '#worker/middleware/body-limit.ts';
import { toAppError } from '#worker/middleware/errors.ts';
import { loadSite } from './loaders/media.ts';
import { renderPublic } from './render-public.tsx';

const TOO_LONG = 'The message is too long. Please shorten it and try again.';

type FormState = Omit<ContactFormProps, 'limits' | 'honeypot'>;

function contactPage(c: Context<AppEnv>, site: SiteInfo, state: FormState, status = 200) {
  const form: ContactFormProps = { ...state, limits: CONTACT_LIMITS, honeypot: HONEYPOT_FIELD };
  return renderPublic(c, site, <ContactPage site={site} form={form} />, {
    title: 'Contact us',
    description: `Contact ${site.schoolName}: ask about classes, courses and memberships, or book a free trial class. We reply within two working days.`,
    path: '/contact',
    status,
  });
}

/** `?subject=` prefills the subject (e.g. "Free trial class" from the home page); short and plain only. */
const prefill = (subject: string | undefined): ContactValues => {
  const s = (subject ?? '').replace(/\s+/g, ' ').trim().slice(0, 120);
  return s ? { subject: s } : {};
};

/**
 * GET /contact, and POST /contact for browsers without JavaScript: the same schema and service as
 * POST /api/enquiries, then the page again with the errors or the thank-you message.
 */
export const contactPages = new Hono<AppEnv>()
  .get('/contact', async (c) => {
    const { site } = await loadSite(c.var.ctx);
    return contactPage(c, site, { values: prefill(c.req.query('subject')) });
  })
  .post('/contact', bodyLimit({ maxBytes: PAGE_BODY_MAX_BYTES, tooLargeMessage: TOO_LONG }), async (c) => {
    const raw = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const fields: Record<string, string> = {};
    for (const name of [...CONTACT_FIELDS, HONEYPOT_FIELD]) {
      const v = raw[name];
      if (typeof v === 'string') fields[name] = v;
    }
    const values: ContactValues = Object.fromEntries(CONTACT_FIELDS.filter((f) => fields[f] !== undefined).map((f) => [f, fields[f]]));
    const parsed = CreateEnquirySchema.safeParse(fields);
    if (!parsed.success) {
      const { site } = await loadSite(c.var.ctx);
      return contactPage(c, site, { values, errors: validateEnquiry(fields), alert: CHECK_FIELDS }, 400);
    }
    try {
      await createEnquiry(c.var.ctx, parsed.data);
    } catch (err) {
      const appErr = toAppError(err);
      if (appErr.status >= 500) throw err;
      const { site } = await loadSite(c.var.ctx);
      const res = await contactPage(c, site, { values, alert: appErr.message }, appErr.status);
      for (const [k, v] of Object.entries(appErr.headers ?? {})) res.headers.set(k, v);
      return res;
    }
    const { site } = await loadSite(c.var.ctx);
    return contactPage(c, site, { success: ENQUIRY_MESSAGES.created });
  });
