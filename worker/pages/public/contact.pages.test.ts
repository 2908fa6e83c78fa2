import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES } from '#core/enquiries/enquiry-schemas.ts';
import { enquiries } from '#db/schema/index.ts';
import { freshIp, testDb } from '#test/helpers.ts';
import { tag } from './page-fixtures.ts';
import { page } from './page-test-kit.ts';

/** The opening tag of the element with this id, and its attributes (React orders some of them last). */
const tagWithId = (html: string, id: string) => {
  const at = html.indexOf(`id="${id}"`);
  return html.slice(html.lastIndexOf('<', at), html.indexOf('>', at) + 1);
};
const attrs = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

/** What a browser without JavaScript sends when the form is submitted. */
const post = (fields: Record<string, string>, ip = freshIp()) =>
  page('/contact', {
    method: 'POST',
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': ip },
    body: new URLSearchParams(fields).toString(),
  });

const valid = (t: string) => ({
  name: `Hana ${t}`,
  email: `Hana.${t}@Example.test`,
  phone: '+1 604 555 0188',
  subject: `Trial class ${t}`,
  message: `Can my son try a class? ${t}`,
  website: '',
});
const rowsOf = (t: string) =>
  testDb()
    .select()
    .from(enquiries)
    .where(like(enquiries.subject, `%${t}%`));

describe('GET /contact', () => {
  it('shows the labelled enquiry form as an island that posts to /contact, with the honeypot hidden', async () => {
    const { res, html } = await page('/contact');
    expect(res.status).toBe(200);
    expect(html).toContain('data-island="ContactForm"');
    const form = attrs(
      html.slice(html.indexOf('<form class="form contact-form"'), html.indexOf('>', html.indexOf('<form class="form contact-form"'))),
    );
    expect(form).toMatchObject({ method: 'post', action: '/contact', noValidate: '' });
    for (const [name, label] of [
      ['name', 'Name'],
      ['email', 'Email'],
      ['phone', 'Phone number'],
      ['subject', 'Subject'],
      ['message', 'Message'],
    ]) {
      expect(html).toContain(`<label for="contact-${name}">${label}</label>`);
      expect(attrs(tagWithId(html, `contact-${name}`))).toMatchObject({ name, required: '' });
    }
    expect(html).toContain('<div class="hp-field" aria-hidden="true"><label for="contact-website">Leave this field empty</label>');
    expect(attrs(tagWithId(html, 'contact-website'))).toEqual({
      id: 'contact-website',
      type: 'text',
      tabindex: '-1',
      autoComplete: 'off',
      name: 'website',
      value: '',
    });
  });

  it('prefills the subject from ?subject=, escaped', async () => {
    const { html } = await page(`/contact?subject=${encodeURIComponent('Free trial class')}`);
    expect(attrs(tagWithId(html, 'contact-subject')).value).toBe('Free trial class');
    const hostile = (await page(`/contact?subject=${encodeURIComponent('"><script>alert(1)</script>')}`)).html;
    expect(hostile).not.toContain('<script>alert(1)');
  });
});

describe('POST /contact (the form without JavaScript)', () => {
  it('saves the enquiry through the enquiry service and shows the thank-you message', async () => {
    const t = tag();
    const { res, html } = await post(valid(t));
    expect(res.status).toBe(200);
    expect(html).toContain(`<div role="status" class="form-status"><p>${ENQUIRY_MESSAGES.created}</p></div>`);
    expect(html).not.toContain(`Hana ${t}`);
    const rows = await rowsOf(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: `Hana ${t}`, email: `hana.${t}@example.test`, status: 'New', isSpam: false });
  });

  it('re-renders with the spec messages next to each field and keeps what was typed', async () => {
    const t = tag();
    const { res, html } = await post({ name: '  ', email: 'not-an-email', phone: '', subject: `Keep ${t}`, message: '' });
    expect(res.status).toBe(400);
    expect(html).toContain('<p id="contact-name-error" class="field-error">Name is required</p>');
    expect(html).toContain('<p id="contact-email-error" class="field-error">Valid email address is required</p>');
    expect(html).toContain('<p id="contact-phone-error" class="field-error">Phone number is required</p>');
    expect(html).toContain('<p id="contact-message-error" class="field-error">Message is required</p>');
    expect(html).not.toContain('contact-subject-error');
    expect(attrs(tagWithId(html, 'contact-email'))).toMatchObject({
      'aria-invalid': 'true',
      'aria-describedby': 'contact-email-error',
      value: 'not-an-email',
    });
    expect(attrs(tagWithId(html, 'contact-subject')).value).toBe(`Keep ${t}`);
    expect(html).toContain('<div role="alert" class="form-alert"><p>Please check the highlighted fields.</p></div>');
    expect(await rowsOf(t)).toHaveLength(0);
  });

  it('says "Email is required" for a missing e-mail', async () => {
    const { html } = await post({ ...valid(tag()), email: '' });
    expect(html).toContain('<p id="contact-email-error" class="field-error">Email is required</p>');
  });

  it('stores a honeypot submission as spam but answers like a success', async () => {
    const t = tag();
    const { res, html } = await post({ ...valid(t), website: 'http://spam.example' });
    expect(res.status).toBe(200);
    expect(html).toContain(ENQUIRY_MESSAGES.created);
    expect((await rowsOf(t))[0]?.isSpam).toBe(true);
  });

  it('shows the rate-limit message when the network sent too many enquiries', async () => {
    const ip = freshIp();
    const t = tag();
    let last = await post(valid(`${t}-0`), ip);
    for (let i = 1; i < 8 && last.res.status !== 429; i++) last = await post(valid(`${t}-${i}`), ip);
    expect(last.res.status).toBe(429);
    expect(last.html).toContain(`<div role="alert" class="form-alert"><p>${ENQUIRY_MESSAGES.rateLimited}</p></div>`);
    expect(last.res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('never fails with a 5xx on hostile bodies', async () => {
    for (const body of ['', 'name=%ZZ', 'a'.repeat(70_000), JSON.stringify({ name: 'x' })]) {
      const res = await page('/contact', {
        method: 'POST',
        headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': freshIp() },
        body,
      });
      expect({ body: body.slice(0, 20), status: res.res.status < 500 }).toEqual({ body: body.slice(0, 20), status: true });
    }
  });
});
