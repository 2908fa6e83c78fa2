import { describe, expect, it } from 'vitest';
import { asAdmin, bucket, formOf, jpegBytes, keyOf, keysUnder, send, sendForm, tagged, tinyPng } from '#test/catalog-helpers.ts';
import { daysFromNow, makeSeminar } from './seminars.test-helpers.ts';

// All uploads under seminars/ happen in this file, one test after the other.

describe('seminar images (form data)', () => {
  it('creates a seminar from form data with an image, and deleting it removes the object', async () => {
    const admin = await asAdmin();
    const before = await keysUnder('seminars');
    const res = await sendForm(
      'POST',
      '/api/seminars',
      admin.token,
      formOf(
        { title: `${tagged()} Bunkai`, startsAt: daysFromNow(9), price: '95.00', instructor: 'Sensei Abe' },
        { bytes: jpegBytes(), name: 'a.jpg', type: 'image/jpeg' },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.seminar).toMatchObject({ price: 95, instructor: 'Sensei Abe' });
    const key = keyOf(res.body.seminar.image);
    expect(key).toMatch(/^seminars\/[0-9a-z]{24}\.jpg$/);
    expect(await keysUnder('seminars')).toEqual([...before, key].sort());
    await send('DELETE', `/api/seminars/${res.body.seminar._id}`, admin.token);
    expect(await bucket.head(key)).toBeNull();
  });

  it('refuses a wrong type (415) and an oversized image (413), storing nothing', async () => {
    const admin = await asAdmin();
    const before = await keysUnder('seminars');
    const fake = await sendForm(
      'POST',
      '/api/seminars',
      admin.token,
      formOf({ title: 'x', startsAt: daysFromNow(1) }, { bytes: 'GIF89a....', name: 'a.gif', type: 'image/gif' }),
    );
    expect(fake.status).toBe(415);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(jpegBytes());
    const large = await sendForm('POST', '/api/seminars', admin.token, formOf({ title: 'x', startsAt: daysFromNow(1) }, { bytes: big }));
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('Image size must not exceed 5MB');
    expect(await keysUnder('seminars')).toEqual(before);
  });

  it('leaves no orphan when the database refuses the update, and replaces then removes a picture', async () => {
    const admin = await asAdmin();
    const s = await makeSeminar(admin.token, `${tagged()} Orphan`, { startsAt: '2031-02-10T10:00:00Z', endsAt: '2031-02-10T12:00:00Z' });
    const before = await keysUnder('seminars');
    const refused = await sendForm(
      'PUT',
      `/api/seminars/${s._id}`,
      admin.token,
      formOf({ endsAt: '2031-02-01' }, { bytes: await tinyPng() }),
    );
    expect(refused.status).toBe(400);
    expect(await keysUnder('seminars')).toEqual(before);
    const first = await sendForm('PUT', `/api/seminars/${s._id}`, admin.token, formOf({}, { bytes: await tinyPng() }));
    const second = await sendForm('PUT', `/api/seminars/${s._id}`, admin.token, formOf({}, { bytes: await tinyPng() }));
    expect(await bucket.head(keyOf(first.body.seminar.image))).toBeNull();
    const removed = await send('PUT', `/api/seminars/${s._id}`, admin.token, { removeImage: true });
    expect(removed.body.seminar.image).toBeNull();
    expect(await bucket.head(keyOf(second.body.seminar.image))).toBeNull();
  });
});
