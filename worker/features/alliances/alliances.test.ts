import { describe, expect, it } from 'vitest';
import { api, uniq } from '#test/helpers.ts';
import {
  bigPng,
  bucket,
  expectAdminOnly,
  failingValue,
  formOf,
  GIF,
  HOSTILE_BODIES,
  keyOf,
  objectsNamed,
  png,
  sendForm,
  sendRaw,
  tokenOf,
  webp,
  expectPixelBombRefused,
} from '#test/content-helpers.ts';
import { seedAlliance } from './alliances.test-helpers.ts';

const ids = (list: { _id: string }[]) => list.map((a) => a._id);

describe('POST /api/allience', () => {
  it('creates an alliance with a logo from form data', async () => {
    const res = await sendForm(
      '/api/allience',
      formOf(
        { name: 'Shotokan Federation of Ontario', description: 'Regional federation', website: 'https://sfo.example', country: 'Canada' },
        { logo: { bytes: webp(), name: 'sfo.webp' } },
      ),
      { token: await tokenOf('admin') },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Alliance created successfully' });
    expect(res.body.data).toMatchObject({
      name: 'Shotokan Federation of Ontario',
      website: 'https://sfo.example',
      country: 'Canada',
      isActive: true,
      logoWidth: 5,
      logoHeight: 4,
    });
    expect(res.body.data.logo).toMatch(/^\/api\/files\/alliances\/[0-9a-z]{24}\.webp$/);
    expect(res.body.alliance).toEqual(res.body.data);
  });

  it('creates from JSON without a logo', async () => {
    const res = await api('/api/allience', { token: await tokenOf('admin'), body: { name: 'Kyokushin Club', website: '' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Kyokushin Club', website: null, logo: null, description: '', country: '' });
  });

  it.each([
    [{ description: 'x' }, 'Name is required'],
    [{ name: 'n', website: 'javascript:alert(1)' }, 'Website must be an http:// or https:// address'],
    [{ name: 'n', website: 'data:text/html,hi' }, 'Website must be an http:// or https:// address'],
    [{ name: 'n', website: 'www.no-scheme.example' }, 'Website must be an http:// or https:// address'],
    [{ name: 'x'.repeat(151) }, 'Name must be at most 150 characters'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await api('/api/allience', { token: await tokenOf('admin'), body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('refuses a wrong logo type (415) or size (413), storing nothing', async () => {
    const token = await tokenOf('admin');
    const gif = `g-${uniq()}.gif`;
    const wrong = await sendForm('/api/allience', formOf({ name: 'n' }, { logo: { bytes: GIF, name: gif } }), { token });
    expect(wrong.status).toBe(415);
    expect(wrong.body.message).toBe('Only JPEG, PNG, and WebP images are allowed');
    const big = `b-${uniq()}.png`;
    const tooBig = await sendForm(
      '/api/allience',
      formOf({ name: 'n' }, { logo: { bytes: await bigPng(5 * 1024 * 1024 + 1), name: big } }),
      { token },
    );
    expect(tooBig.status).toBe(413);
    expect(await objectsNamed('alliances/', gif)).toEqual([]);
    expect(await objectsNamed('alliances/', big)).toEqual([]);
  });

  it('removes the stored logo when the database write fails', async () => {
    const name = await failingValue('alliances', 'name');
    const file = `orphan-${uniq()}.png`;
    const res = await sendForm('/api/allience', formOf({ name }, { logo: { bytes: await png(), name: file } }), {
      token: await tokenOf('admin'),
    });
    expect(res.status).toBe(500);
    expect(await objectsNamed('alliances/', file)).toEqual([]);
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly((token) => api('/api/allience', { body: { name: `A ${uniq()}` }, ...(token ? { token } : {}) }));
  });
});

describe('GET /api/allience and /api/allience/admin', () => {
  it('lists alliances by name whatever its case, as the public page does', async () => {
    const tag = uniq();
    for (const name of [`c-Ryu ${tag}`, `B-Ryu ${tag}`, `a-Ryu ${tag}`]) await seedAlliance({ name });
    const res = await api(`/api/allience?search=${tag}&limit=10`);
    expect(res.body.data.map((a: { name: string }) => a.name)).toEqual([`a-Ryu ${tag}`, `B-Ryu ${tag}`, `c-Ryu ${tag}`]);
  });

  it('shows everyone active alliances only; the admin list has all of them', async () => {
    const active = await seedAlliance({ name: `Active ${uniq()}` });
    const inactive = await seedAlliance({ isActive: false });
    for (const token of [undefined, await tokenOf('admin')]) {
      const res = await api('/api/allience?limit=100', token ? { token } : {});
      expect(res.status).toBe(200);
      expect(res.body.data.every((a: { isActive: boolean }) => a.isActive)).toBe(true);
      expect(ids(res.body.data)).not.toContain(inactive.id);
    }
    const search = await api(`/api/allience?search=${encodeURIComponent(active.name)}`);
    expect(ids(search.body.data)).toEqual([active.id]);
    const admin = await api(`/api/allience/admin?isActive=false&limit=100`, { token: await tokenOf('admin') });
    expect(ids(admin.body.data)).toContain(inactive.id);
    expect(ids(admin.body.data)).not.toContain(active.id);
    expect(admin.body.alliances).toEqual(admin.body.data);
    expect(admin.body.pagination).toMatchObject({ page: 1, limit: 100 });
  });

  it('keeps the admin list to admin-capable roles', async () => {
    await expectAdminOnly((token) => api('/api/allience/admin', token ? { token } : {}));
  });

  it('serves the same routes under /api/alliance', async () => {
    const row = await seedAlliance();
    const res = await api(`/api/alliance/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data._id).toBe(row.id);
  });

  it('hides an inactive alliance from a visitor (404) but not from an admin', async () => {
    const row = await seedAlliance({ isActive: false });
    const visitor = await api(`/api/allience/${row.id}`);
    expect(visitor.status).toBe(404);
    expect(visitor.body.message).toBe('Alliance not found');
    expect((await api(`/api/allience/${row.id}`, { token: await tokenOf('student') })).status).toBe(404);
    expect((await api(`/api/allience/${row.id}`, { token: await tokenOf('grandmaster') })).body.data).toMatchObject({
      _id: row.id,
      isActive: false,
    });
  });
});

describe('PUT /api/allience/:id', () => {
  it('updates the fields sent, replaces the logo and deletes the old one', async () => {
    const token = await tokenOf('admin');
    const created = await sendForm(
      '/api/allience',
      formOf({ name: 'Old', country: 'Japan' }, { logo: { bytes: await png(), name: 'a.png' } }),
      { token },
    );
    const res = await sendForm(
      `/api/allience/${created.body.data._id}`,
      formOf({ name: 'New', website: 'http://new.example' }, { logo: { bytes: webp(), name: 'b.webp' } }),
      { token, method: 'PUT' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Alliance updated successfully' });
    expect(res.body.data).toMatchObject({ name: 'New', country: 'Japan', website: 'http://new.example' });
    expect(await bucket().head(keyOf(created.body.data.logo))).toBeNull();
    const cleared = await api(`/api/allience/${created.body.data._id}`, {
      method: 'PUT',
      token,
      body: { removeLogo: true, website: null },
    });
    expect(cleared.body.data).toMatchObject({ logo: null, website: null });
    expect(await bucket().head(keyOf(res.body.data.logo))).toBeNull();
  });

  it('refuses a javascript: website and an unknown id', async () => {
    const token = await tokenOf('admin');
    const row = await seedAlliance();
    const bad = await api(`/api/allience/${row.id}`, { method: 'PUT', token, body: { website: 'javascript:alert(1)' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Website must be an http:// or https:// address');
    expect((await api('/api/allience/nope', { method: 'PUT', token, body: { name: 'x' } })).status).toBe(404);
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly(async (token) =>
      api(`/api/allience/${(await seedAlliance()).id}`, { method: 'PUT', body: { country: 'Peru' }, ...(token ? { token } : {}) }),
    );
  });
});

describe('PATCH /api/allience/:id/activate and /deactivate', () => {
  it('switches the active flag', async () => {
    const token = await tokenOf('admin');
    const row = await seedAlliance();
    const off = await api(`/api/allience/${row.id}/deactivate`, { method: 'PATCH', token });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ success: true, data: { isActive: false }, message: 'Alliance deactivated successfully' });
    expect((await api(`/api/allience/${row.id}`)).status).toBe(404);
    const on = await api(`/api/allience/${row.id}/activate`, { method: 'PATCH', token });
    expect(on.body).toMatchObject({ data: { isActive: true }, message: 'Alliance activated successfully' });
    expect((await api(`/api/allience/${row.id}`)).status).toBe(200);
    expect((await api('/api/allience/nope/activate', { method: 'PATCH', token })).status).toBe(404);
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly(async (token) =>
      api(`/api/allience/${(await seedAlliance()).id}/activate`, { method: 'PATCH', ...(token ? { token } : {}) }),
    );
    await expectAdminOnly(async (token) =>
      api(`/api/allience/${(await seedAlliance()).id}/deactivate`, { method: 'PATCH', ...(token ? { token } : {}) }),
    );
  });
});

describe('DELETE /api/allience/:id and DELETE /api/allience', () => {
  it('deletes one with its logo', async () => {
    const token = await tokenOf('admin');
    const created = await sendForm('/api/allience', formOf({ name: 'Gone' }, { logo: { bytes: await png(), name: 'a.png' } }), { token });
    const res = await api(`/api/allience/${created.body.data._id}`, { method: 'DELETE', token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { _id: created.body.data._id }, message: 'Alliance deleted successfully' });
    expect(await bucket().head(keyOf(created.body.data.logo))).toBeNull();
  });

  it('bulk-deletes by allienceIds (allianceIds accepted too)', async () => {
    const token = await tokenOf('admin');
    const a = await seedAlliance();
    const b = await seedAlliance();
    const res = await api('/api/allience', { method: 'DELETE', token, body: { allienceIds: [a.id] } });
    expect(res.body).toMatchObject({ success: true, data: { deletedCount: 1 }, message: '1 alliance deleted successfully' });
    const alias = await api('/api/allience', { method: 'DELETE', token, body: { allianceIds: [b.id] } });
    expect(alias.body.data.deletedCount).toBe(1);
    for (const body of [{}, { allienceIds: [] }]) {
      const bad = await api('/api/allience', { method: 'DELETE', token, body });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Alliance IDs array is required');
    }
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly(async (token) =>
      api(`/api/allience/${(await seedAlliance()).id}`, { method: 'DELETE', ...(token ? { token } : {}) }),
    );
    await expectAdminOnly(async (token) =>
      api('/api/allience', { method: 'DELETE', body: { allienceIds: [(await seedAlliance()).id] }, ...(token ? { token } : {}) }),
    );
  });
});

describe('hostile bodies', () => {
  it('never answer a 5xx', async () => {
    const token = await tokenOf('admin');
    const row = await seedAlliance();
    for (const raw of HOSTILE_BODIES) {
      for (const [method, path] of [
        ['POST', '/api/allience'],
        ['PUT', `/api/allience/${row.id}`],
        ['DELETE', '/api/allience'],
      ] as const) {
        const res = await sendRaw(path, method, raw, token);
        expect(res.status, `${method} ${path} ${raw.slice(0, 80)}`).toBeLessThan(500);
      }
    }
  });
});

describe('image dimensions', () => {
  it('refuses a PNG header claiming 100000×100000 pixels with 400, storing nothing', async () => {
    const token = await tokenOf('admin');
    await expectPixelBombRefused((file) => sendForm('/api/allience', formOf({ name: 'Bomb' }, { logo: file }), { token }), 'alliances/');
  });
});
