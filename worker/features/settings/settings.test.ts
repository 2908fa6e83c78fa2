import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { siteSettings } from '#db/schema/index.ts';
import { fixtureBytes, paddedImage } from '#worker/lib/image-size.fixtures.ts';
import { api, createUser, testDb, uniq } from '#test/helpers.ts';
import { bucket, keyOf, putForm, putJson, settingsForm, settingsObjects } from './settings.test-helpers.ts';
import { expectPixelBombRefused } from '#test/content-helpers.ts';
import { multipartForm } from '#test/fixtures/uploads.ts';
import { giveActiveMembership, insertSession } from '#test/session-helpers.ts';

// The settings are one shared row: every test that changes them lives in this file, so they run in order.
const adminToken = async () => (await createUser({ role: 'admin' })).token;
/** The public settings without updatedAt, which other files' no-op PUTs may not touch but we do not rely on it. */
const view = async () => {
  const { updatedAt: _, ...rest } = (await api('/api/settings')).body.data;
  return rest;
};

afterAll(async () => {
  await putJson(await adminToken(), { removeLogo: true });
  await testDb().delete(siteSettings);
});

describe('GET /api/settings', () => {
  it('creates the settings with their defaults on first read, for anyone', async () => {
    await testDb().delete(siteSettings);
    const res = await api('/api/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        schoolName: 'Karate Dojo',
        tagline: '',
        logo: null,
        logoWidth: null,
        logoHeight: null,
        contact: { email: '', phone: '', address: '' },
        socialLinks: {},
        currency: 'CAD',
        currencySymbol: '$',
        currencyLocale: 'en-CA',
        maxUnpaidOrders: 3,
        taxName: '',
        defaultTaxRate: 0,
        shippingCap: null,
        freeShippingThreshold: null,
        timeZone: 'America/Vancouver',
        bookingCancelCutoffMinutes: 120,
        requiredWaiverId: null,
        ageOfMajority: 18,
        dunningRetryDays: [1, 3, 7],
        dunningGraceDays: 7,
        privacyPolicy: '',
        termsAndConditions: '',
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        payments: { availableGateways: ['sandbox'], notice: null },
      },
      settings: res.body.data,
    });
    expect(await testDb().select().from(siteSettings)).toHaveLength(1);
    expect((await api('/api/settings')).body.data).toEqual(res.body.data);
  });
});

describe('PUT /api/settings with nothing to change', () => {
  it('answers the current settings and writes nothing', async () => {
    const token = await adminToken();
    const before = (await api('/api/settings')).body.data;
    const res = await putJson(token, { unknown: 'ignored' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(before);
  });
});

describe('PUT /api/settings (JSON)', () => {
  it('updates the given fields only, trimmed and normalised', async () => {
    const token = await adminToken();
    const res = await putJson(token, {
      schoolName: '  Shizen Karate Dojo ',
      tagline: 'Discipline, respect, confidence',
      contact: { email: ' Info@Shizen.Example ', phone: '+1 604 555 0100', address: '12 Main St, Vancouver' },
      socialLinks: { instagram: 'https://instagram.com/shizen', youtube: 'https://youtube.com/@shizen' },
      currency: 'usd',
      currencySymbol: ' US$ ',
      privacyPolicy: '# Privacy\nWe keep your data safe.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Settings updated successfully',
      data: {
        schoolName: 'Shizen Karate Dojo',
        tagline: 'Discipline, respect, confidence',
        contact: { email: 'info@shizen.example', phone: '+1 604 555 0100', address: '12 Main St, Vancouver' },
        socialLinks: { instagram: 'https://instagram.com/shizen', youtube: 'https://youtube.com/@shizen' },
        currency: 'USD',
        currencySymbol: 'US$',
        privacyPolicy: '# Privacy\nWe keep your data safe.',
        termsAndConditions: '',
      },
    });
    const partial = await putJson(token, { currency: 'CAD', currencySymbol: '$', contact: { phone: '' }, socialLinks: { youtube: '' } });
    expect(partial.body.data).toMatchObject({
      schoolName: 'Shizen Karate Dojo',
      currency: 'CAD',
      currencySymbol: '$',
      contact: { email: 'info@shizen.example', phone: '', address: '12 Main St, Vancouver' },
      socialLinks: { instagram: 'https://instagram.com/shizen' },
    });
    const { updatedAt: _, ...partialView } = partial.body.data;
    expect(await view()).toEqual(partialView);
  });

  it.each([
    [{ currency: 'CA' }, 'Currency must be a 3-letter code such as CAD'],
    [{ currency: 'CADD' }, 'Currency must be a 3-letter code such as CAD'],
    [{ currency: '12A' }, 'Currency must be a 3-letter code such as CAD'],
    [{ currency: 840 }, 'Currency must be a 3-letter code such as CAD'],
    [{ currency: 'GBP' }, 'Currency must be one of: CAD, USD, EUR'],
    [{ currencyLocale: 'fr-FR' }, 'Currency locale must be one of: en-CA, en-US, en-EU'],
    [{ currencySymbol: '  ' }, 'Currency symbol must be 1 to 4 characters'],
    [{ currencySymbol: 'DOLLAR' }, 'Currency symbol must be 1 to 4 characters'],
    [{ contact: { email: 'not-an-email' } }, 'Valid email address is required'],
    [{ contact: 'info@x.test' }, 'contact must be an object with email, phone and address'],
    [{ schoolName: '   ' }, 'School name is required'],
    [{ schoolName: 'x'.repeat(121) }, 'School name must be at most 120 characters'],
    [{ socialLinks: { facebook: 'javascript:alert(1)' } }, 'Social links must be http(s) URLs'],
    [{ termsAndConditions: 'x'.repeat(50_001) }, 'Terms and conditions must be at most 50000 characters'],
    [[], 'Please send the settings as a JSON object or multipart form data'],
    [{ taxName: 'x'.repeat(31) }, 'Tax name must be at most 30 characters'],
    [{ defaultTaxRate: 101 }, 'Default tax rate must be a percentage between 0 and 100 with at most 2 decimals'],
    [{ defaultTaxRate: -1 }, 'Default tax rate must be a percentage between 0 and 100 with at most 2 decimals'],
    [{ defaultTaxRate: 5.125 }, 'Default tax rate must be a percentage between 0 and 100 with at most 2 decimals'],
    [{ defaultTaxRate: 'GST' }, 'Default tax rate must be a percentage between 0 and 100 with at most 2 decimals'],
    [{ shippingCap: -5 }, 'Shipping cap per order must be 0 or more'],
    [{ shippingCap: 'free' }, 'Shipping cap per order must be a number'],
    [{ freeShippingThreshold: -0.01 }, 'Free shipping threshold must be 0 or more'],
    [{ maxUnpaidOrders: 0 }, 'Unpaid orders per account must be a whole number from 1 to 50'],
    [{ maxUnpaidOrders: 51 }, 'Unpaid orders per account must be a whole number from 1 to 50'],
    [{ maxUnpaidOrders: 2.5 }, 'Unpaid orders per account must be a whole number from 1 to 50'],
    [{ maxUnpaidOrders: 'lots' }, 'Unpaid orders per account must be a whole number from 1 to 50'],
    [{ maxUnpaidOrders: true }, 'Unpaid orders per account must be a whole number from 1 to 50'],
    [{ maxUnpaidOrders: null }, 'Unpaid orders per account must be a whole number from 1 to 50'],
    [{ requiredWaiverId: 'no-such-waiver' }, 'Waiver not found'],
    [{ requiredWaiverId: 42 }, 'Waiver not found'],
    [{ ageOfMajority: 15 }, 'Age of majority must be a whole number from 16 to 21'],
    [{ ageOfMajority: 22 }, 'Age of majority must be a whole number from 16 to 21'],
    [{ ageOfMajority: 18.5 }, 'Age of majority must be a whole number from 16 to 21'],
    [{ dunningRetryDays: [3, 1] }, 'Retry days must be 1 to 5 whole days from 1 to 28, each later than the one before'],
    [{ dunningRetryDays: [] }, 'Retry days must be 1 to 5 whole days from 1 to 28, each later than the one before'],
    [{ dunningRetryDays: [0, 2] }, 'Retry days must be 1 to 5 whole days from 1 to 28, each later than the one before'],
    [{ dunningRetryDays: [1, 2, 3, 4, 5, 6] }, 'Retry days must be 1 to 5 whole days from 1 to 28, each later than the one before'],
    [{ dunningRetryDays: [1, 29] }, 'Retry days must be 1 to 5 whole days from 1 to 28, each later than the one before'],
    [{ dunningRetryDays: 'soon' }, 'Retry days must be 1 to 5 whole days from 1 to 28, each later than the one before'],
    [{ dunningGraceDays: 61 }, 'Grace period must be a whole number of days from 0 to 60'],
    [{ dunningGraceDays: -1 }, 'Grace period must be a whole number of days from 0 to 60'],
  ])('refuses %j with a clear 400', async (body, message) => {
    const token = await adminToken();
    const before = await view();
    const res = await putJson(token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message });
    expect(await view()).toEqual(before);
  });

  it('sets the required waiver, the age of majority and the dunning policy; a blank waiver clears it', async () => {
    const token = await adminToken();
    // An inactive document: the booking gate ignores it, so files running alongside this one are not affected.
    const doc = (await api('/api/waivers', { method: 'POST', token, body: { title: 'Settings waiver', body: 'Text' } })).body.data;
    await api(`/api/waivers/${doc._id}`, { method: 'PUT', token, body: { isActive: false } });
    const res = await putJson(token, {
      requiredWaiverId: doc._id,
      ageOfMajority: 19,
      dunningRetryDays: [2, 5, 9, 14],
      dunningGraceDays: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      requiredWaiverId: doc._id,
      ageOfMajority: 19,
      dunningRetryDays: [2, 5, 9, 14],
      dunningGraceDays: 0,
    });
    expect((await api(`/api/waivers/${doc._id}`, { token })).body.data.required).toBe(true);
    const form = await putForm(
      token,
      settingsForm({ requiredWaiverId: '', dunningRetryDays: '1, 3, 7', dunningGraceDays: '7', ageOfMajority: '18' }),
    );
    expect(form.status).toBe(200);
    expect(form.body.data).toMatchObject({ requiredWaiverId: null, ageOfMajority: 18, dunningRetryDays: [1, 3, 7], dunningGraceDays: 7 });
  });

  it('sets the currency the shop charges in and its number format (GET /payments/currency follows)', async () => {
    const token = await adminToken();
    const res = await putJson(token, { currency: 'eur', currencySymbol: '€', currencyLocale: 'en-EU' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ currency: 'EUR', currencySymbol: '€', currencyLocale: 'en-EU' });
    const currency = (await api('/api/payments/currency')).body.data;
    expect(currency).toMatchObject({
      code: 'EUR',
      name: 'Euro',
      symbol: '€',
      locale: 'en-EU',
      thousandsSeparator: '.',
      decimalSeparator: ',',
      gatewayCodes: { stripe: 'eur', paypal: 'EUR', razorpay: 'EUR' },
    });
    await putJson(token, { currency: 'CAD', currencySymbol: '$', currencyLocale: 'en-CA' });
    expect((await api('/api/payments/currency')).body.data).toMatchObject({ code: 'CAD', locale: 'en-CA', decimalSeparator: '.' });
  });

  it('keeps the shop terms: tax name, default tax rate, shipping cap and threshold; blank turns a shipping rule off', async () => {
    const token = await adminToken();
    const res = await putJson(token, { taxName: ' GST ', defaultTaxRate: '7.5', shippingCap: '25', freeShippingThreshold: 150 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ taxName: 'GST', defaultTaxRate: 7.5, shippingCap: 25, freeShippingThreshold: 150 });
    // A product created without a tax rate starts with the default; one given a rate keeps it.
    const product = (body: Record<string, unknown>) =>
      api('/api/products', {
        method: 'POST',
        token,
        body: { name: `Mitts ${uniq()}`, price: 20, stockQuantity: 5, category: 'protective-gear', sku: `MIT-${uniq()}`, ...body },
      });
    expect((await product({})).body.product.gstRate).toBe(7.5);
    expect((await product({ gstRate: 12 })).body.product.gstRate).toBe(12);
    // Courses and membership plans too, when the admin leaves the rate out.
    const course = await api('/api/courses', {
      method: 'POST',
      token,
      body: { title: `Taxed ${uniq()}`, shortDescription: 'Stances', category: 'Adults', level: 'beginner', price: 100 },
    });
    expect(course.body.course.gstRate).toBe(7.5);
    const plan = { name: 'Monthly', durationMonths: 1, price: 40 };
    const membership = await api('/api/memberships', {
      method: 'POST',
      token,
      body: { name: `Taxed ${uniq()}`, plans: [plan, { ...plan, name: 'Kept', gstRate: 13 }] },
    });
    expect(membership.body.membership.plans.map((p: { gstRate: number }) => p.gstRate)).toEqual([7.5, 13]);
    const off = await putJson(token, { taxName: '', defaultTaxRate: 0, shippingCap: '', freeShippingThreshold: null });
    expect(off.body.data).toMatchObject({ taxName: '', defaultTaxRate: 0, shippingCap: null, freeShippingThreshold: null });
  });

  it("sets the school's time zone (an IANA name Intl knows), refusing others with 'Invalid timezone'", async () => {
    const token = await adminToken();
    const res = await putJson(token, { timeZone: ' America/Toronto ' });
    expect(res.status).toBe(200);
    expect(res.body.data.timeZone).toBe('America/Toronto');
    const before = await view();
    for (const timeZone of ['Mars/Olympus', '', 'America/Vancouver; drop table', 42, 'x'.repeat(65)]) {
      const bad = await putJson(token, { timeZone });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        success: false,
        message: 'Invalid timezone',
        errors: [{ path: 'timeZone', message: 'Invalid timezone' }],
      });
    }
    expect(await view()).toEqual(before);
    // The form sends it as multipart too.
    expect((await putForm(token, settingsForm({ timeZone: 'Europe/Paris' }))).body.data.timeZone).toBe('Europe/Paris');
    await putJson(token, { timeZone: 'America/Vancouver' });
  });

  it('sets the late-cancel cutoff for class bookings (0 to 10080 minutes), refusing anything else by name', async () => {
    const token = await adminToken();
    try {
      expect((await putJson(token, { bookingCancelCutoffMinutes: 0 })).body.data.bookingCancelCutoffMinutes).toBe(0);
      expect((await putForm(token, settingsForm({ bookingCancelCutoffMinutes: '10080' }))).body.data.bookingCancelCutoffMinutes).toBe(
        10080,
      );
      for (const bookingCancelCutoffMinutes of [-1, 10081, 1.5, 'soon', null]) {
        const bad = await putJson(token, { bookingCancelCutoffMinutes });
        expect(bad.status).toBe(400);
        expect(bad.body.errors[0]).toEqual({
          path: 'bookingCancelCutoffMinutes',
          message: 'Booking cancel cutoff must be a whole number of minutes from 0 to 10080',
        });
      }
      expect((await view()).bookingCancelCutoffMinutes).toBe(10080);
      // Bookings read it: a cancel closer to the start than the cutoff is late, one before it is not.
      await putJson(token, { bookingCancelCutoffMinutes: 60 });
      const member = await createUser({ role: 'member' });
      await giveActiveMembership(member.id);
      const cancelled = async (inHours: number) => {
        const session = await insertSession({ inHours });
        await api(`/api/sessions/${session.id}/bookings`, { method: 'POST', token: member.token, body: {} });
        return (await api(`/api/sessions/${session.id}/bookings/me`, { method: 'DELETE', token: member.token })).body.data.booking;
      };
      expect(await cancelled(0.5)).toMatchObject({ status: 'cancelled', lateCancel: true });
      expect(await cancelled(1.5)).toMatchObject({ status: 'cancelled', lateCancel: false });
      await putJson(token, { bookingCancelCutoffMinutes: 0 });
      expect((await cancelled(0.1)).lateCancel).toBe(false);
    } finally {
      await putJson(token, { bookingCancelCutoffMinutes: 120 });
    }
  });

  it("gives a new meeting the school's zone when it names none, reading its wall time there; a named zone wins", async () => {
    const token = await adminToken();
    await putJson(token, { timeZone: 'America/Toronto' });
    const made: string[] = [];
    // Seen by the admins alone, and deleted after: other files count the meetings a fresh account sees.
    const meeting = async (body: Record<string, unknown>) => {
      const res = await api('/api/zoom-meetings', {
        method: 'POST',
        token,
        body: { topic: `Zone ${uniq()}`, joinUrl: 'https://zoom.us/j/1', targetRoles: ['admin'], ...body },
      });
      made.push(res.body.data._id);
      return res;
    };
    const school = await meeting({ startTime: '2027-01-15T18:00' });
    expect(school.status).toBe(201);
    expect(school.body.data).toMatchObject({ timezone: 'America/Toronto', startTime: '2027-01-15T23:00:00.000Z' });
    const named = await meeting({ startTime: '2027-01-15T18:00', timezone: 'Asia/Kolkata' });
    expect(named.body.data).toMatchObject({ timezone: 'Asia/Kolkata', startTime: '2027-01-15T12:30:00.000Z' });
    const instant = await meeting({ startTime: '2027-01-15T18:00:00Z' });
    expect(instant.body.data).toMatchObject({ timezone: 'America/Toronto', startTime: '2027-01-15T18:00:00.000Z' });
    await putJson(token, { timeZone: 'America/Vancouver' });
    const after = await meeting({ startTime: '2027-07-15T18:00' });
    expect(after.body.data).toMatchObject({ timezone: 'America/Vancouver', startTime: '2027-07-16T01:00:00.000Z' });
    for (const id of made) expect((await api(`/api/zoom-meetings/${id}`, { method: 'DELETE', token })).status).toBe(200);
  });

  it('keeps a currency symbol of up to 4 characters, counted as characters not bytes', async () => {
    const res = await putJson(await adminToken(), { currencySymbol: '€€€€' });
    expect(res.status).toBe(200);
    expect(res.body.data.currencySymbol).toBe('€€€€');
    await putJson(await adminToken(), { currencySymbol: '$' });
  });

  it('refuses malformed JSON and other content types without a 5xx', async () => {
    const token = await adminToken();
    const broken = await api('/api/settings', {
      method: 'PUT',
      token,
      raw: '{"schoolName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('Invalid JSON in request body');
    const text = await api('/api/settings', { method: 'PUT', token, raw: 'schoolName=x', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('Please send the settings as a JSON object or multipart form data');
  });
});

describe('PUT /api/settings (multipart, logo)', () => {
  it('takes form fields with bracketed groups and a PNG logo, recording its size', async () => {
    const token = await adminToken();
    const before = await settingsObjects();
    const res = await putForm(
      token,
      settingsForm(
        {
          schoolName: 'Shizen Karate Dojo',
          'contact[email]': 'dojo@shizen.example',
          'socialLinks[facebook]': 'https://facebook.com/shizen',
          currency: 'cad',
          currencySymbol: 'C$',
          // the shop's default; the orders tests rely on it, so this file never changes it
          maxUnpaidOrders: '3',
        },
        { bytes: fixtureBytes('png9x8'), name: 'Our logo.png' },
      ),
    );
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      schoolName: 'Shizen Karate Dojo',
      contact: { email: 'dojo@shizen.example' },
      socialLinks: { facebook: 'https://facebook.com/shizen' },
      currency: 'CAD',
      currencySymbol: 'C$',
      maxUnpaidOrders: 3,
      logoWidth: 9,
      logoHeight: 8,
    });
    expect(data.logo).toMatch(/^\/api\/files\/settings\/[0-9a-z]{24}\.png$/);
    expect(await settingsObjects()).toEqual([...before, keyOf(data.logo)].sort());
    const served = await api(data.logo);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await bucket().head(keyOf(data.logo)!))?.customMetadata?.filename).toBe('Our logo.png');
  });

  it('replacing the logo deletes the old object; an empty file part keeps it; removeLogo deletes it', async () => {
    const token = await adminToken();
    const first = await putForm(token, settingsForm({}, { bytes: fixtureBytes('jpegBaseline640x480'), name: 'a.jpg', type: 'image/jpeg' }));
    expect(first.status).toBe(200);
    const second = await putForm(
      token,
      settingsForm({}, { bytes: fixtureBytes('webpExtended300x200'), name: 'b.webp', type: 'image/webp' }),
    );
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ logoWidth: 300, logoHeight: 200 });
    expect(second.body.data.logo).toMatch(/\.webp$/);
    expect(await settingsObjects()).toEqual([keyOf(second.body.data.logo)]);
    expect((await api(first.body.data.logo)).status).toBe(404);

    const noFile = await putForm(
      token,
      settingsForm({ tagline: 'still here' }, { bytes: new Uint8Array(), name: '', type: 'application/octet-stream' }),
    );
    expect(noFile.status).toBe(200);
    expect(noFile.body.data.logo).toBe(second.body.data.logo);

    const removed = await putForm(token, settingsForm({ removeLogo: 'true' }));
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ logo: null, logoWidth: null, logoHeight: null });
    expect(await settingsObjects()).toEqual([]);
  });

  it.each([
    ['a text file named .png', 'just some text', 'logo.png'],
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg'],
    ['a GIF', 'GIF89a\x01\x00\x01\x00\x00\x00\x00', 'logo.gif'],
    ['a PDF', '%PDF-1.7 hello', 'logo.pdf'],
  ])('refuses %s with 415 and stores nothing', async (_label, bytes, name) => {
    const token = await adminToken();
    const before = await settingsObjects();
    const row = await view();
    const res = await putForm(token, settingsForm({ schoolName: `Changed ${uniq()}` }, { bytes, name }));
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only JPEG, PNG, and WebP images are allowed',
    });
    expect(await settingsObjects()).toEqual(before);
    expect(await view()).toEqual(row);
  });

  it('refuses a logo over 2MB with 413 and leaves no object', async () => {
    const token = await adminToken();
    const before = await settingsObjects();
    const res = await putForm(token, settingsForm({}, { bytes: paddedImage('png9x8', 2 * 1024 * 1024 + 1) }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', message: 'Logo size must not exceed 2MB' });
    expect(await settingsObjects()).toEqual(before);
    const declared = await api('/api/settings', {
      method: 'PUT',
      token,
      raw: new Uint8Array(4 * 1024 * 1024),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(declared.status).toBe(413);
  });

  it('deletes the new logo object when the database write fails, and keeps the old logo', async () => {
    const token = await adminToken();
    const kept = await putForm(token, settingsForm({}, { bytes: fixtureBytes('png9x8') }));
    expect(kept.status).toBe(200);
    const trigger = `settings_fail_${uniq()}`;
    const poison = `fail-${uniq()}`;
    await testDb().run(
      sql.raw(
        `CREATE TRIGGER ${trigger} BEFORE UPDATE ON site_settings WHEN NEW.tagline = '${poison}' BEGIN SELECT RAISE(ABORT, 'refused by test'); END`,
      ),
    );
    try {
      const res = await putForm(
        token,
        settingsForm({ tagline: poison }, { bytes: fixtureBytes('jpegProgressive33x17'), type: 'image/jpeg', name: 'x.jpg' }),
      );
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ success: false, code: 'INTERNAL' });
      expect(JSON.stringify(res.body)).not.toContain('refused by test');
    } finally {
      await testDb().run(sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`));
    }
    expect(await settingsObjects()).toEqual([keyOf(kept.body.data.logo)]);
    expect((await api('/api/settings')).body.data.logo).toBe(kept.body.data.logo);
    expect((await api(kept.body.data.logo)).status).toBe(200);
  });
});

describe('settings access', () => {
  it('refuses PUT without a token (401) and for non-admin roles (403)', async () => {
    const anonymous = await api('/api/settings', { method: 'PUT', body: { schoolName: 'Nope' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    for (const role of ['student', 'member', 'instructor'] as const) {
      const res = await putJson((await createUser({ role })).token, { schoolName: 'Nope' });
      expect(res.status, role).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect((await api('/api/settings')).body.data.schoolName).not.toBe('Nope');
  });

  it.each(['grandmaster', 'admin', 'super-admin'] as const)('lets a %s update the settings', async (role) => {
    const tagline = `Tagline by ${role} ${uniq()}`;
    const res = await putJson((await createUser({ role })).token, { tagline });
    expect(res.status).toBe(200);
    expect((await api('/api/settings')).body.data.tagline).toBe(tagline);
  });
});

describe('settings under hostile input', () => {
  it('never answers a 5xx to random JSON or multipart fields, and stores no object', async () => {
    const token = (await createUser({ role: 'super-admin' })).token;
    const before = await settingsObjects();
    const failures: string[] = [];
    const keys = fc.constantFrom(
      'schoolName',
      'tagline',
      'contact',
      'contact[email]',
      'socialLinks',
      'socialLinks[facebook]',
      'currency',
      'currencySymbol',
      'removeLogo',
      'logo',
      '__proto__',
      'constructor',
    );
    const values = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string()),
      fc.object({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(keys, values)),
        fc.boolean(),
        fc.uint8Array({ maxLength: 64 }),
        async (body, multipart, bytes) => {
          let res;
          if (multipart && body && typeof body === 'object' && !Array.isArray(body)) {
            const form = new FormData();
            // workerd's FormData cannot serialise a field name ending in a backslash (a client-side limit)
            for (const [k, v] of Object.entries(body)) if (!k.endsWith('\\')) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
            form.append('logo', new File([new Uint8Array(bytes)], 'x.png'));
            res = await putForm(token, form);
          } else res = await putJson(token, body);
          if (res.status >= 500) failures.push(`${JSON.stringify(body).slice(0, 200)} → ${res.status}`);
          return res.status < 500;
        },
      ),
      { numRuns: 80 },
    );
    expect(failures).toEqual([]);
    // No object left behind by a refused upload. A random `removeLogo: true` may legitimately delete the
    // logo that was there before, so the check is "nothing new", not "nothing changed".
    const after = await settingsObjects();
    expect(after.filter((key) => !before.includes(key))).toEqual([]);
  }, 90_000);
});

describe('image dimensions', () => {
  it('refuses a PNG header claiming 100000×100000 pixels with 400, storing nothing', async () => {
    const { token } = await createUser({ role: 'admin' });
    await expectPixelBombRefused(
      (file) => api('/api/settings', { method: 'PUT', token, raw: multipartForm({}, { logo: file }) }),
      'settings/',
    );
  });
});
