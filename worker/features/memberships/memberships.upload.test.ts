import { describe, expect, it } from 'vitest';
import { asAdmin, bucket, formOf, keyOf, keysUnder, send, sendForm, tagged, tinyPng } from '#test/catalog-helpers.ts';
import { makeMembership } from './memberships.test-helpers.ts';

// All uploads under memberships/ happen in this file, one test after the other.

describe('membership forms and images (multipart)', () => {
  it('creates a membership from form data with plans as a JSON string and an image', async () => {
    const admin = await asAdmin();
    const before = await keysUnder('memberships');
    const plans = JSON.stringify([{ name: 'Monthly', durationMonths: 1, price: '59.99', gstRate: '13' }]);
    const res = await sendForm(
      'POST',
      '/api/memberships',
      admin.token,
      formOf(
        { name: `${tagged()} Basic`, plans, benefits: ['Two classes a week', 'Grading discount'], featured: 'on' },
        { bytes: await tinyPng() },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.membership).toMatchObject({
      featured: true,
      benefits: ['Two classes a week', 'Grading discount'],
      startingPrice: 59.99,
    });
    expect(res.body.membership.plans).toMatchObject([{ name: 'Monthly', price: 59.99, gstRate: 13 }]);
    expect(res.body.membership.image).toMatch(/^\/api\/files\/memberships\/[0-9a-z]{24}\.png$/);
    expect(await keysUnder('memberships')).toEqual([...before, keyOf(res.body.membership.image)].sort());
  });

  it('reads plans sent as plans[i][field] form fields', async () => {
    const admin = await asAdmin();
    const res = await sendForm(
      'POST',
      '/api/memberships',
      admin.token,
      formOf({
        name: `${tagged()} Family`,
        'plans[1][name]': 'Annual',
        'plans[1][durationMonths]': '12',
        'plans[1][price]': '1499',
        'plans[0][name]': 'Monthly',
        'plans[0][durationMonths]': '1',
        'plans[0][price]': '149',
        'plans[0][discountPrice]': '',
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.membership.plans).toMatchObject([
      { name: 'Monthly', price: 149, discountPrice: null },
      { name: 'Annual', price: 1499 },
    ]);
  });

  it('replaces the picture on update and deletes the old object; delete removes the last one', async () => {
    const admin = await asAdmin();
    const m = await makeMembership(admin.token, `${tagged()} Pics`);
    const first = await sendForm('PUT', `/api/memberships/${m._id}`, admin.token, formOf({}, { bytes: await tinyPng() }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.membership.plans).toHaveLength(2);
    const second = await sendForm(
      'PUT',
      `/api/memberships/${m._id}`,
      admin.token,
      formOf({ description: 'new' }, { bytes: await tinyPng() }),
    );
    expect(await bucket.head(keyOf(first.body.membership.image))).toBeNull();
    const key = keyOf(second.body.membership.image);
    expect(await bucket.head(key)).not.toBeNull();
    await send('DELETE', `/api/memberships/${m._id}`, admin.token);
    expect(await bucket.head(key)).toBeNull();
  });

  it('refuses a non-image with 415 and a too large one with 413, storing nothing', async () => {
    const admin = await asAdmin();
    const before = await keysUnder('memberships');
    const fake = await sendForm(
      'POST',
      '/api/memberships',
      admin.token,
      formOf({ name: 'Fake' }, { bytes: '%PDF-1.4 not an image', name: 'a.png' }),
    );
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe('Only JPEG, PNG, and WebP images are allowed');
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(await tinyPng());
    const large = await sendForm('POST', '/api/memberships', admin.token, formOf({ name: 'Big' }, { bytes: big }));
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('Image size must not exceed 5MB');
    expect(await keysUnder('memberships')).toEqual(before);
  });

  it('leaves no orphan object when the database refuses the row (name taken)', async () => {
    const admin = await asAdmin();
    const existing = await makeMembership(admin.token, `${tagged()} Taken`);
    const before = await keysUnder('memberships');
    const res = await sendForm('POST', '/api/memberships', admin.token, formOf({ name: existing.name }, { bytes: await tinyPng() }));
    expect(res.status).toBe(409);
    expect(await keysUnder('memberships')).toEqual(before);
    const other = await makeMembership(admin.token, `${tagged()} Other`);
    const rename = await sendForm(
      'PUT',
      `/api/memberships/${other._id}`,
      admin.token,
      formOf({ name: existing.name }, { bytes: await tinyPng() }),
    );
    expect(rename.status).toBe(409);
    expect(await keysUnder('memberships')).toEqual(before);
  });
});
