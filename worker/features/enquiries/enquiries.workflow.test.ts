import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { insertEnquiry } from './enquiries.test-helpers.ts';

const asAdmin = async () => (await createUser({ role: 'admin' })).token;
const patch = (path: string, token: string, body?: unknown) =>
  api(path, { method: 'PATCH', token, ...(body === undefined ? {} : { body }) });
const put = (path: string, token: string, body: unknown) => api(path, { method: 'PUT', token, body });
const del = (path: string, token: string, body?: unknown) =>
  api(path, { method: 'DELETE', token, ...(body === undefined ? {} : { body }) });

describe('PATCH /api/enquiries/:id/contacted and /resolved', () => {
  it('moves New → Contacted → Resolved with notes and timestamps', async () => {
    const token = await asAdmin();
    const row = await insertEnquiry();
    const contacted = await patch(`/api/enquiries/${row.id}/contacted`, token, { adminNotes: '  Called, left a voicemail  ' });
    expect(contacted.status).toBe(200);
    expect(contacted.body).toMatchObject({
      success: true,
      message: 'Enquiry marked as contacted',
      data: { _id: row.id, status: 'Contacted', adminNotes: 'Called, left a voicemail', contactedAt: expect.any(String), resolvedAt: null },
    });
    const resolved = await patch(`/api/enquiries/${row.id}/resolved`, token);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      message: 'Enquiry marked as resolved',
      data: {
        status: 'Resolved',
        adminNotes: 'Called, left a voicemail',
        contactedAt: contacted.body.data.contactedAt,
        resolvedAt: expect.any(String),
      },
    });
    expect((await api(`/api/enquiries/${row.id}`, { token })).body.data.status).toBe('Resolved');
  });

  it('resolves a New enquiry straight away', async () => {
    const token = await asAdmin();
    const row = await insertEnquiry();
    const res = await patch(`/api/enquiries/${row.id}/resolved`, token, { adminNotes: 'Answered by phone' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'Resolved', adminNotes: 'Answered by phone', contactedAt: null });
  });

  it('refuses transitions the workflow does not allow with 409', async () => {
    const token = await asAdmin();
    const contacted = await insertEnquiry({ status: 'Contacted' });
    const again = await patch(`/api/enquiries/${contacted.id}/contacted`, token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'CONFLICT', message: 'This enquiry is already marked as contacted' });

    const resolved = await insertEnquiry({ status: 'Resolved', adminNotes: 'done' });
    const back = await patch(`/api/enquiries/${resolved.id}/contacted`, token, { adminNotes: 'overwrite?' });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe(
      'This enquiry is resolved. Reopen it with an update (status New or Contacted) before marking it as contacted',
    );
    const twice = await patch(`/api/enquiries/${resolved.id}/resolved`, token);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This enquiry is already resolved');
    expect((await api(`/api/enquiries/${resolved.id}`, { token })).body.data).toMatchObject({ status: 'Resolved', adminNotes: 'done' });
  });

  it('lets exactly one of two parallel admins mark the same enquiry', async () => {
    const [a, b] = await Promise.all([asAdmin(), asAdmin()]);
    const row = await insertEnquiry();
    const results = await Promise.all([patch(`/api/enquiries/${row.id}/contacted`, a), patch(`/api/enquiries/${row.id}/contacted`, b)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('answers 404 for an unknown enquiry and 400 for bad notes', async () => {
    const token = await asAdmin();
    const missing = await patch('/api/enquiries/unknown-id/contacted', token);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Enquiry not found');
    const row = await insertEnquiry();
    const long = await patch(`/api/enquiries/${row.id}/resolved`, token, { adminNotes: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Admin notes must be at most 5000 characters');
    const wrong = await patch(`/api/enquiries/${row.id}/resolved`, token, { adminNotes: 42 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Admin notes must be text');
  });
});

describe('PUT /api/enquiries/:id', () => {
  it('sets status and notes; reopening a resolved enquiry clears its stamps', async () => {
    const token = await asAdmin();
    const row = await insertEnquiry({ status: 'Resolved', resolvedAt: new Date(), contactedAt: new Date() });
    const reopened = await put(`/api/enquiries/${row.id}`, token, { status: 'New', adminNotes: 'Reopened: they wrote again' });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({
      success: true,
      message: 'Enquiry updated successfully',
      data: { status: 'New', adminNotes: 'Reopened: they wrote again', contactedAt: null, resolvedAt: null },
    });
    const contacted = await put(`/api/enquiries/${row.id}`, token, { status: 'Contacted' });
    expect(contacted.body.data).toMatchObject({
      status: 'Contacted',
      adminNotes: 'Reopened: they wrote again',
      contactedAt: expect.any(String),
    });
    const notesOnly = await put(`/api/enquiries/${row.id}`, token, { adminNotes: null });
    expect(notesOnly.body.data).toMatchObject({ status: 'Contacted', adminNotes: '' });
  });

  it('refuses an unknown status, an empty update and unknown ids', async () => {
    const token = await asAdmin();
    const row = await insertEnquiry();
    const bad = await put(`/api/enquiries/${row.id}`, token, { status: 'Closed' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status must be one of: New, Contacted, Resolved');
    const empty = await put(`/api/enquiries/${row.id}`, token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to update: send status and/or adminNotes');
    const missing = await put('/api/enquiries/unknown-id', token, { status: 'New' });
    expect(missing.status).toBe(404);
  });

  it('never lets a body change the enquiry itself (name, e-mail, spam flag)', async () => {
    const token = await asAdmin();
    const row = await insertEnquiry();
    const res = await put(`/api/enquiries/${row.id}`, token, { status: 'Contacted', name: 'Hacker', email: 'x@y.z', isSpam: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: row.name, email: row.email, isSpam: false });
  });
});

describe('DELETE /api/enquiries/:id and DELETE /api/enquiries', () => {
  it('deletes one enquiry; a second delete is 404', async () => {
    const token = await asAdmin();
    const row = await insertEnquiry();
    const res = await del(`/api/enquiries/${row.id}`, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { _id: row.id }, message: 'Enquiry deleted successfully' });
    expect((await api(`/api/enquiries/${row.id}`, { token })).status).toBe(404);
    expect((await del(`/api/enquiries/${row.id}`, token)).status).toBe(404);
  });

  it('bulk-deletes the listed enquiries only, skipping unknown ids', async () => {
    const token = await asAdmin();
    const [a, b, keep] = [await insertEnquiry(), await insertEnquiry(), await insertEnquiry()];
    const res = await del('/api/enquiries', token, { enquiryIds: [a.id, b.id, 'unknown-id'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, count: 2, message: '2 enquiries deleted successfully' });
    expect(res.body.data.deletedIds.sort()).toEqual([a.id, b.id].sort());
    expect((await api(`/api/enquiries/${a.id}`, { token })).status).toBe(404);
    expect((await api(`/api/enquiries/${keep.id}`, { token })).status).toBe(200);
  });

  it.each([[undefined], [{}], [{ enquiryIds: [] }], [{ enquiryIds: 'abc' }], [{ enquiryIds: [''] }], [{ enquiryIds: [1] }], [[]]])(
    'refuses %j with "Enquiry IDs array is required"',
    async (body) => {
      const res = await del('/api/enquiries', await asAdmin(), body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: 'Enquiry IDs array is required' });
    },
  );
});
