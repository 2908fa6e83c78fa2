import { and, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox, enquiries, siteSettings } from '#db/schema/index.ts';
import { api, createUser, freshIp, testDb, testServiceCtx } from '#test/helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { createEnquiry } from './enquiries.create.ts';
import { chooseRecipients, MAX_ADMIN_RECIPIENTS } from './enquiries.notify.ts';
import { submit, tagged, validEnquiry } from './enquiries.test-helpers.ts';

const rowsTagged = (tag: string) =>
  testDb()
    .select()
    .from(enquiries)
    .where(like(enquiries.subject, `%${tag}%`));
const mailsTagged = async (tag: string) => {
  await settleDeferred(); // the notification leaves after the response
  return testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'enquiry'), like(emailOutbox.text, `%${tag}%`)));
};
const contactEmail = async () => (await testDb().select({ e: siteSettings.contactEmail }).from(siteSettings).get())?.e ?? '';

afterEach(() => vi.restoreAllMocks());

describe('POST /api/enquiries', () => {
  it('stores a trimmed enquiry with a lower-cased e-mail and status New, without a token', async () => {
    const tag = tagged();
    const res = await submit(validEnquiry(tag));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Thank you for your enquiry. We will get back to you soon.',
      data: {
        _id: expect.any(String),
        name: `Hana ${tag}`,
        email: `hana.${tag}@example.test`,
        phone: '+1 604 555 0188',
        subject: `Kids classes ${tag}`,
        message: `Do you have a beginners class for a 9 year old? ${tag}`,
        status: 'New',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    expect(res.body.data).not.toHaveProperty('isSpam');
    expect(res.body.data).not.toHaveProperty('adminNotes');
    const [row] = await rowsTagged(tag);
    expect(row).toMatchObject({ id: res.body.data._id, email: `hana.${tag}@example.test`, status: 'New', isSpam: false, adminNotes: '' });
  });

  it('ignores fields a visitor must not set (status, notes, spam flag, id)', async () => {
    const tag = tagged();
    const res = await submit({ ...validEnquiry(tag), status: 'Resolved', adminNotes: 'vip', isSpam: true, id: 'chosen-id', _id: 'x' });
    expect(res.status).toBe(201);
    const [row] = await rowsTagged(tag);
    expect(row).toMatchObject({ status: 'New', adminNotes: '', isSpam: false });
    expect(row!.id).not.toBe('chosen-id');
  });

  it.each([
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['phone', 'Phone number is required'],
    ['subject', 'Subject is required'],
    ['message', 'Message is required'],
  ])('refuses a missing or blank %s with the spec message', async (field, message) => {
    for (const value of [undefined, '', '   ', null, 42]) {
      const body: Record<string, unknown> = { ...validEnquiry() };
      if (value === undefined) delete body[field];
      else body[field] = value;
      const res = await submit(body);
      expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message });
      expect(res.body.errors).toContainEqual({ path: field, message });
    }
  });

  it('answers the first missing field for an empty body, and lists every problem', async () => {
    const res = await submit({});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Name is required');
    expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'Name is required',
      'Email is required',
      'Phone number is required',
      'Subject is required',
      'Message is required',
    ]);
  });

  it.each(['plainaddress', 'a@b', 'a b@example.com', '@example.com', 'hana@', 'x'.repeat(250) + '@example.com'])(
    'refuses the e-mail %s',
    async (email) => {
      const res = await submit({ ...validEnquiry(), email });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Valid email address is required');
    },
  );

  it('refuses over-long fields with a clear message', async () => {
    const cases: [string, number, string][] = [
      ['name', 101, 'Name must be at most 100 characters'],
      ['phone', 31, 'Phone number must be at most 30 characters'],
      ['subject', 201, 'Subject must be at most 200 characters'],
      ['message', 5001, 'Message must be at most 5000 characters'],
    ];
    for (const [field, length, message] of cases) {
      const res = await submit({ ...validEnquiry(), [field]: 'x'.repeat(length) });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('refuses bodies that are not an enquiry object without a 5xx', async () => {
    for (const raw of ['[1,2]', '"text"', '{"name":', 'null']) {
      const res = await api('/api/enquiries', {
        method: 'POST',
        raw,
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp() },
      });
      expect(res.status, raw).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const huge = await submit({ ...validEnquiry(), message: 'x'.repeat(70_000) });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('enquiry spam protection', () => {
  it('answers a filled honeypot like a success, keeps it flagged as spam and tells nobody', async () => {
    const tag = tagged();
    const res = await submit({ ...validEnquiry(tag), website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Thank you for your enquiry. We will get back to you soon.',
      data: { status: 'New' },
    });
    const [row] = await rowsTagged(tag);
    expect(row).toMatchObject({ isSpam: true, status: 'New' });
    expect(await mailsTagged(tag)).toEqual([]);

    const admin = await createUser({ role: 'admin' });
    const normal = await api(`/api/enquiries?search=${tag}`, { token: admin.token });
    expect(normal.body.data).toEqual([]);
    const spam = await api(`/api/enquiries?search=${tag}&spam=true`, { token: admin.token });
    expect(spam.body.data.map((e: { _id: string }) => e._id)).toEqual([row!.id]);
  });

  it('treats an empty honeypot as a person', async () => {
    const tag = tagged();
    expect((await submit({ ...validEnquiry(tag), website: '  ' })).status).toBe(201);
    expect((await rowsTagged(tag))[0]?.isSpam).toBe(false);
  });

  it('allows 5 enquiries per IP in 10 minutes, then answers 429 with Retry-After; other IPs are not affected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await submit(validEnquiry(), ip)).status).toBe(201);
    const refused = await submit(validEnquiry(), ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many enquiries from your network. Please wait a few minutes and try again.',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await submit(validEnquiry(), freshIp())).status).toBe(201);
  });

  it('does not count refused (invalid) submissions against the limit', async () => {
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await submit({ name: 'x' }, ip)).status).toBe(400);
    expect((await submit(validEnquiry(), ip)).status).toBe(201);
  });
});

describe('admin notification of a new enquiry', () => {
  it('puts an e-mail with the enquiry in the outbox for the school', async () => {
    const before = await contactEmail();
    const tag = tagged();
    const res = await submit(validEnquiry(tag));
    expect(res.status).toBe(201);
    const after = await contactEmail();
    const mails = await mailsTagged(tag);
    expect(mails.length).toBeGreaterThanOrEqual(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`New enquiry: Kids classes ${tag}`);
    expect(mail.text).toContain(`Name: Hana ${tag}`);
    expect(mail.text).toContain(`Email: hana.${tag}@example.test`);
    expect(mail.text).toContain('Phone: +1 604 555 0188');
    expect(mail.text).toContain(`Do you have a beginners class for a 9 year old? ${tag}`);
    // Settings may be edited by a parallel test file: the school's address at either moment is right.
    if (before || after) expect([before, after]).toContain(mail.to);
    else expect(mail.to).toMatch(/@/);
  });

  it('keeps the enquiry when the notification fails, and logs the failure', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const tag = tagged();
    const mailer = { send: vi.fn(async () => Promise.reject(new Error('smtp down'))) };
    const ctx = testServiceCtx({ mailer, requestId: 'req-test', requestOrigin: 'http://dojo.test' });
    const input = { name: 'Ken', email: `ken.${tag}@example.test`, phone: '555', subject: `Failing ${tag}`, message: 'Hello' };
    const row = await createEnquiry(ctx, input);
    await settleDeferred();
    expect(row).toMatchObject({ subject: `Failing ${tag}`, status: 'New', isSpam: false });
    expect(await rowsTagged(tag)).toHaveLength(1);
    expect(mailer.send).toHaveBeenCalled();
    const logged = errors.mock.calls.map((c) => String(c[0])).find((line) => line.includes('enquiry notification failed'));
    expect(logged).toBeDefined();
    expect(JSON.parse(logged!)).toMatchObject({
      level: 'error',
      requestId: 'req-test',
      enquiryId: row.id,
      error: expect.stringContaining('smtp down'),
    });
  });

  it('writes to the school contact e-mail, else to the admin-capable accounts (at most 20)', () => {
    expect(chooseRecipients('office@dojo.example', ['a@x.test'])).toEqual(['office@dojo.example']);
    expect(chooseRecipients('', ['a@x.test', 'b@x.test', 'a@x.test'])).toEqual(['a@x.test', 'b@x.test']);
    expect(chooseRecipients(null, [])).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => `admin${i}@x.test`);
    expect(chooseRecipients('  ', many)).toHaveLength(MAX_ADMIN_RECIPIENTS);
  });
});
