import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';

const update = (token: string, body: unknown) => api('/api/auth/update-profile', { method: 'PUT', body, token });
const fieldError = (body: { errors?: { path: string; message: string }[] }, field: string) =>
  body.errors?.find((e) => String(e.path).split('.').pop() === field)?.message;

describe('PUT /api/auth/update-profile: the address the checkout prefills from', () => {
  it('stores street, city, province, postal code and country, a Canadian province and postal code as Canada Post writes them', async () => {
    const u = await createUser({ role: 'student', profile: { firstName: 'Aiko' } });
    const res = await update(u.token, {
      address: '12 Dojo Way',
      city: 'Vancouver',
      state: 'british columbia',
      postalCode: 'v5k0a1',
      country: 'Canada',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.profile).toEqual({
      firstName: 'Aiko',
      address: '12 Dojo Way',
      city: 'Vancouver',
      state: 'BC',
      postalCode: 'V5K 0A1',
      country: 'Canada',
    });
  });

  it('refuses a Canadian address with an unknown province or a postal code of another country, naming the field', async () => {
    const u = await createUser({ role: 'member' });
    const res = await update(u.token, { state: 'Texas', postalCode: '90210', country: 'Canada' });
    expect(res.status).toBe(400);
    expect(fieldError(res.body, 'state')).toBe('Please choose a province or territory');
    expect(fieldError(res.body, 'postalCode')).toBe('Postal code must look like A1A 1A1');
  });

  it('takes any province and postal code of another country as written', async () => {
    const u = await createUser({ role: 'instructor' });
    const res = await update(u.token, { profile: { state: 'Texas', postalCode: '90210', country: 'United States' } });
    expect(res.status).toBe(200);
    expect(res.body.data.profile).toMatchObject({ state: 'Texas', postalCode: '90210', country: 'United States' });
  });

  it('applies the same rules when an admin saves the address', async () => {
    const admin = await createUser({ role: 'admin' });
    const u = await createUser({ role: 'student' });
    const bad = await api(`/api/users/${u.id}`, {
      method: 'PATCH',
      token: admin.token,
      body: { profile: { state: 'Nowhere', country: 'CA' } },
    });
    expect(bad.status).toBe(400);
    expect(fieldError(bad.body, 'state')).toBe('Please choose a province or territory');
    const ok = await api(`/api/users/${u.id}`, {
      method: 'PATCH',
      token: admin.token,
      body: { profile: { state: 'qc', country: 'Canada' } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.profile).toMatchObject({ state: 'QC' });
  });
});

describe('PUT /api/auth/update-profile: phone, date of birth, time zone', () => {
  it.each([
    [{ phone: 'call me maybe' }, 'phone', 'Phone number may contain only digits, spaces and + - ( ) .'],
    [{ emergencyContact: { phone: '<script>' } }, 'phone', 'Emergency contact phone may contain only digits, spaces and + - ( ) .'],
    [{ dateOfBirth: '31/12/1990' }, 'dateOfBirth', 'Date of birth must be a date (YYYY-MM-DD)'],
    [{ dateOfBirth: '2001-02-30' }, 'dateOfBirth', 'Date of birth must be a date (YYYY-MM-DD)'],
    [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'Date of birth cannot be in the future'],
    [{ timezone: 'Mars/Olympus' }, 'timezone', 'Invalid timezone'],
    [{ profile: { timezone: 'Not a zone' } }, 'timezone', 'Invalid timezone'],
  ])('refuses %j with 400 and the field’s message', async (body, field, message) => {
    const u = await createUser({ role: 'student' });
    const res = await update(u.token, body);
    expect(res.status).toBe(400);
    expect(fieldError(res.body, field)).toBe(message);
  });

  it('keeps a phone as written, a date of birth, an IANA time zone and an emergency contact', async () => {
    const u = await createUser({ role: 'grandmaster' });
    const res = await update(u.token, {
      phone: '+1 (604) 555-0100',
      dateOfBirth: '1990-12-31',
      timezone: 'America/Vancouver',
      emergencyContact: { name: 'Mika', relationship: 'Partner', phone: '604.555.0199' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.profile).toMatchObject({ phone: '+1 (604) 555-0100', dateOfBirth: '1990-12-31', timezone: 'America/Vancouver' });
    expect(res.body.data.emergencyContact).toEqual({ name: 'Mika', relationship: 'Partner', phone: '604.555.0199' });
    const cleared = await update(u.token, { dateOfBirth: null, timezone: null });
    expect(cleared.body.data.profile.dateOfBirth).toBeUndefined();
    expect(cleared.body.data.profile.timezone).toBeUndefined();
  });
});
