import { describe, expect, it } from 'vitest';
import { asAdmin, bucket, fetchRaw, formOf, keyOf, keysUnder, send, sendForm, tagged, tinyPng } from '#test/catalog-helpers.ts';
import { daysFromNow, makeEvent } from './events.test-helpers.ts';

// All uploads under events/ happen in this file, one test after the other.

describe('event images (multipart)', () => {
  it('creates an event from form data with an image served under /api/files/events/', async () => {
    const admin = await asAdmin();
    const before = await keysUnder('events');
    const res = await sendForm(
      'POST',
      '/api/events',
      admin.token,
      formOf({ title: `${tagged()} Camp`, startsAt: daysFromNow(20), category: 'camp', isActive: 'true' }, { bytes: await tinyPng() }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.event.image).toMatch(/^\/api\/files\/events\/[0-9a-z]{24}\.png$/);
    expect(await keysUnder('events')).toEqual([...before, keyOf(res.body.event.image)].sort());
    expect((await fetchRaw(res.body.event.image)).headers.get('content-type')).toBe('image/png');
  });

  it('refuses wrong types (415) and oversized images (413), storing nothing', async () => {
    const admin = await asAdmin();
    const before = await keysUnder('events');
    const fake = await sendForm(
      'POST',
      '/api/events',
      admin.token,
      formOf(
        { title: 'x', startsAt: daysFromNow(1) },
        { bytes: '<svg xmlns="http://www.w3.org/2000/svg"/>', name: 'a.svg', type: 'image/svg+xml' },
      ),
    );
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe('Only JPEG, PNG, and WebP images are allowed');
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(await tinyPng());
    const large = await sendForm('POST', '/api/events', admin.token, formOf({ title: 'x', startsAt: daysFromNow(1) }, { bytes: big }));
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('Image size must not exceed 5MB');
    expect(await keysUnder('events')).toEqual(before);
  });

  it('leaves no orphan when the database refuses the update (end before the stored start)', async () => {
    const admin = await asAdmin();
    const e = await makeEvent(admin.token, `${tagged()} Orphan`, { startsAt: '2031-01-10T10:00:00Z', endsAt: '2031-01-10T12:00:00Z' });
    const before = await keysUnder('events');
    const res = await sendForm(
      'PUT',
      `/api/events/${e._id}`,
      admin.token,
      formOf({ endsAt: '2031-01-01T00:00:00Z' }, { bytes: await tinyPng() }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('End date must be on or after the start date');
    expect(await keysUnder('events')).toEqual(before);
  });

  it('replacing and deleting remove the objects no longer used (one and bulk)', async () => {
    const admin = await asAdmin();
    const make = async () =>
      (
        await sendForm(
          'POST',
          '/api/events',
          admin.token,
          formOf({ title: `${tagged()} pic`, startsAt: daysFromNow(3) }, { bytes: await tinyPng() }),
        )
      ).body.event;
    const a = await make();
    const replaced = await sendForm('PUT', `/api/events/${a._id}`, admin.token, formOf({}, { bytes: await tinyPng() }));
    expect(await bucket.head(keyOf(a.image))).toBeNull();
    const b = await make();
    const c = await make();
    await send('DELETE', `/api/events/${a._id}`, admin.token);
    expect(await bucket.head(keyOf(replaced.body.event.image))).toBeNull();
    await send('DELETE', '/api/events', admin.token, { eventIds: [b._id, c._id] });
    expect(await bucket.head(keyOf(b.image))).toBeNull();
    expect(await bucket.head(keyOf(c.image))).toBeNull();
  });
});
