import { describe, expect, it } from 'vitest';
import { api } from '#test/helpers.ts';
import { asAdmin, createUser, describeAccessMatrix, hostileValues, send, tagged, watchStatements } from '#test/catalog-helpers.ts';
import { eventsAccess } from './events.access.ts';
import { daysFromNow, eventBody, makeEvent } from './events.test-helpers.ts';

const titles = (list: { title: string }[]) => list.map((e) => e.title);

describe('GET /api/events', () => {
  it('answers upcoming (and ongoing) events by default, soonest first; past ones on ?when=past, latest first', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    await makeEvent(admin.token, `${tag} later`, { startsAt: daysFromNow(30), endsAt: daysFromNow(30, 3) });
    await makeEvent(admin.token, `${tag} soon`, { startsAt: daysFromNow(2), endsAt: daysFromNow(2, 3) });
    await makeEvent(admin.token, `${tag} ongoing`, { startsAt: daysFromNow(-1), endsAt: daysFromNow(1) });
    await makeEvent(admin.token, `${tag} old`, { startsAt: daysFromNow(-60), endsAt: daysFromNow(-60, 2) });
    await makeEvent(admin.token, `${tag} older`, { startsAt: daysFromNow(-90), endsAt: daysFromNow(-90, 2) });
    const upcoming = await api(`/api/events?search=${tag}`);
    expect(upcoming.status).toBe(200);
    expect(titles(upcoming.body.events)).toEqual([`${tag} ongoing`, `${tag} soon`, `${tag} later`]);
    expect(upcoming.body.events.map((e: { status: string }) => e.status)).toEqual(['ongoing', 'upcoming', 'upcoming']);
    expect(upcoming.body.data).toEqual(upcoming.body.events);
    expect(upcoming.body.pagination).toMatchObject({ page: 1, limit: 20, total: 3 });
    const past = await api(`/api/events?search=${tag}&when=past`);
    expect(titles(past.body.events)).toEqual([`${tag} old`, `${tag} older`]);
    expect(past.body.events[0].status).toBe('past');
    const all = await api(`/api/events?search=${tag}&when=all&limit=2`);
    expect(all.body.pagination).toMatchObject({ total: 5, totalPages: 3, hasMore: true });
    const bad = await api('/api/events?when=tomorrow');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('When must be one of: upcoming, past, all');
  });

  it('hides inactive events from visitors (404 on direct GET) and shows them to admins; filters by category', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    const shown = await makeEvent(admin.token, `${tag} grading`, { category: 'grading' });
    const hidden = await makeEvent(admin.token, `${tag} hidden`, { isActive: false });
    expect(titles((await api(`/api/events?search=${tag}`)).body.events)).toEqual([`${tag} grading`]);
    expect(titles((await api(`/api/events?search=${tag}&category=grading`, { token: admin.token })).body.events)).toEqual([
      `${tag} grading`,
    ]);
    expect(titles((await api(`/api/events?search=${tag}`, { token: admin.token })).body.events).sort()).toEqual([
      `${tag} grading`,
      `${tag} hidden`,
    ]);
    const direct = await api(`/api/events/${hidden._id}`);
    expect(direct.status).toBe(404);
    expect(direct.body).toMatchObject({ success: false, message: 'Event not found' });
    const student = await createUser({ role: 'student' });
    expect((await api(`/api/events/${hidden._id}`, { token: student.token })).status).toBe(404);
    expect((await api(`/api/events/${hidden._id}`, { token: admin.token })).body.event.isActive).toBe(false);
    const one = await api(`/api/events/${shown._id}`);
    expect(one.body).toMatchObject({
      success: true,
      event: { _id: shown._id, category: 'grading', registrationUrl: 'https://example.test/register' },
    });
    expect(one.body.data).toEqual(one.body.event);
  });

  it('answers a visitor page with one round trip of one statement (the page and its total)', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    for (let i = 0; i < 3; i++) await makeEvent(admin.token, `${tag} ${i}`);
    const { result, roundTrips, statements } = await watchStatements(() => api(`/api/events?search=${tag}`));
    expect(result.body.events).toHaveLength(3);
    expect(roundTrips).toBe(1);
    expect(statements).toHaveLength(1);
  });
});

describe('POST /api/events', () => {
  it('creates an event; without an end it ends when it starts', async () => {
    const admin = await asAdmin();
    const startsAt = daysFromNow(5);
    const res = await send('POST', '/api/events', admin.token, { title: `${tagged()} Social`, startsAt, category: 'Social' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Event created successfully',
      event: { startsAt, endsAt: startsAt, category: 'social', isActive: true, image: null, registrationUrl: null },
    });
  });

  it.each([
    [{ startsAt: '2026-06-01T10:00:00Z' }, 'Title is required'],
    [{ title: 'T' }, 'Start date is required'],
    [{ title: 'T', startsAt: 'next friday' }, 'Start date must be a valid date (ISO 8601, e.g. 2026-05-01T18:00:00Z)'],
    [{ title: 'T', startsAt: '2026-02-30T10:00:00Z' }, 'Start date must be a valid date (ISO 8601, e.g. 2026-05-01T18:00:00Z)'],
    [{ title: 'T', startsAt: '2026-06-01T10:00:00Z', endsAt: '2026-06-01T09:59:59Z' }, 'End date must be on or after the start date'],
    [
      { title: 'T', startsAt: '2026-06-01T10:00:00Z', category: 'party' },
      'Category must be one of: tournament, grading, seminar, social, camp, workshop, demonstration, other',
    ],
    [
      { title: 'T', startsAt: '2026-06-01T10:00:00Z', registrationUrl: 'javascript:alert(1)' },
      'Registration link must be a valid http:// or https:// link',
    ],
    [
      { title: 'T', startsAt: '2026-06-01T10:00:00Z', registrationUrl: 'data:text/html,<script>x</script>' },
      'Registration link must be a valid http:// or https:// link',
    ],
    [
      { title: 'T', startsAt: '2026-06-01T10:00:00Z', registrationUrl: 'ftp://example.test/x' },
      'Registration link must be a valid http:// or https:// link',
    ],
    [
      { title: 'T', startsAt: '2026-06-01T10:00:00Z', registrationUrl: '//evil.test' },
      'Registration link must be a valid http:// or https:// link',
    ],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const admin = await asAdmin();
    const res = await send('POST', '/api/events', admin.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });
});

describe('PUT /api/events/:id', () => {
  it('moves the end along with a new start, keeps checking an end alone against the stored start', async () => {
    const admin = await asAdmin();
    const e = await makeEvent(admin.token, `${tagged()} Move`, {
      startsAt: '2030-03-01T10:00:00.000Z',
      endsAt: '2030-03-01T14:00:00.000Z',
    });
    const moved = await send('PUT', `/api/events/${e._id}`, admin.token, { startsAt: '2030-03-08T09:00:00Z' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      message: 'Event updated successfully',
      event: { startsAt: '2030-03-08T09:00:00.000Z', endsAt: '2030-03-08T13:00:00.000Z' },
    });
    const early = await send('PUT', `/api/events/${e._id}`, admin.token, { endsAt: '2030-03-01T00:00:00Z' });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('End date must be on or after the start date');
    const cleared = await send('PUT', `/api/events/${e._id}`, admin.token, { endsAt: '', registrationUrl: '' });
    expect(cleared.body.event).toMatchObject({ endsAt: '2030-03-08T09:00:00.000Z', registrationUrl: null });
    expect((await send('PUT', '/api/events/nope', admin.token, { title: 'x' })).status).toBe(404);
    expect((await send('PUT', `/api/events/${e._id}`, admin.token, {})).body.message).toBe('Nothing to update');
    expect((await send('PUT', `/api/events/${e._id}`, admin.token, { registrationUrl: 'javascript:alert(1)' })).status).toBe(400);
  });
});

describe('DELETE /api/events/:id and DELETE /api/events', () => {
  it('deletes one event, then answers 404', async () => {
    const admin = await asAdmin();
    const e = await makeEvent(admin.token, `${tagged()} Delete`);
    const res = await send('DELETE', `/api/events/${e._id}`, admin.token);
    expect(res.body).toMatchObject({ success: true, data: { _id: e._id }, message: 'Event deleted successfully' });
    expect((await send('DELETE', `/api/events/${e._id}`, admin.token)).status).toBe(404);
  });

  it('bulk-deletes the listed events and refuses an empty list', async () => {
    const admin = await asAdmin();
    const a = await makeEvent(admin.token, `${tagged()} a`);
    const b = await makeEvent(admin.token, `${tagged()} b`);
    const res = await send('DELETE', '/api/events/', admin.token, { eventIds: [a._id, b._id, 'nope'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, data: { deletedCount: 2 }, message: '2 events deleted successfully' });
    expect((await api(`/api/events/${a._id}`, { token: admin.token })).status).toBe(404);
    for (const body of [{}, { eventIds: [] }, { eventIds: 'x' }]) {
      const bad = await send('DELETE', '/api/events', admin.token, body);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Event IDs array is required');
    }
  });
});

describe('events access matrix', () => {
  const fresh = (t: string) => makeEvent(t, `${tagged()} access`);
  describeAccessMatrix(describe, it, expect, eventsAccess, {
    'GET /api/events': async () => ({ method: 'GET', path: '/api/events' }),
    'POST /api/events': async () => ({ method: 'POST', path: '/api/events', body: eventBody(`${tagged()} new`) }),
    'DELETE /api/events': async (t) => ({ method: 'DELETE', path: '/api/events', body: { eventIds: [(await fresh(t))._id] } }),
    'GET /api/events/:id': async (t) => ({ method: 'GET', path: `/api/events/${(await fresh(t))._id}` }),
    'PUT /api/events/:id': async (t) => ({ method: 'PUT', path: `/api/events/${(await fresh(t))._id}`, body: { location: 'Gym' } }),
    'DELETE /api/events/:id': async (t) => ({ method: 'DELETE', path: `/api/events/${(await fresh(t))._id}` }),
  });
});

describe('hostile input on /api/events', () => {
  it('never produces a 5xx', async () => {
    const admin = await asAdmin();
    const e = await makeEvent(admin.token, `${tagged()} hostile`);
    const next = hostileValues(20260304, [
      'title',
      'startsAt',
      'endsAt',
      'category',
      'registrationUrl',
      'location',
      'isActive',
      'eventIds',
      'removeImage',
    ]);
    for (let i = 0; i < 25; i++) {
      for (const [method, path] of [
        ['POST', '/api/events'],
        ['PUT', `/api/events/${e._id}`],
        ['DELETE', '/api/events'],
      ] as const) {
        const body = next();
        const res = await send(method, path, admin.token, body);
        expect(res.status, `${method} ${JSON.stringify(body)?.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    for (const q of ['?when[]=past', '?when=ALL', '?page=-1&limit=1e9', '?category=%00', `?search=${'\\'.repeat(100)}`]) {
      expect((await api(`/api/events${q}`)).status, q).toBeLessThan(500);
    }
  });
});
