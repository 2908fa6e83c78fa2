import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '#worker/config.ts';
import { AppError } from './errors.ts';
import { clearZoomTokens, meetingsProvider, zoomProvider } from './zoom.ts';

type Call = { url: string; init: RequestInit };

/** A stand-in for Zoom answering with the shapes of its documentation (OAuth token, "Create a meeting" 201). */
function fakeZoom(overrides: { token?: Response; create?: () => Response } = {}) {
  const calls: Call[] = [];
  const fetcher = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    if (url.startsWith('https://zoom.us/oauth/token'))
      return (
        overrides.token?.clone() ??
        Response.json({ access_token: 'eyJ.token', token_type: 'bearer', expires_in: 3599, scope: 'meeting:write:meeting:admin' })
      );
    if (url === 'https://api.zoom.us/v2/users/me/meetings')
      return (
        overrides.create?.() ??
        Response.json(
          {
            uuid: 'iHDaOZ1bTmKr0+Kz3Z5lnQ==',
            id: 85746065432,
            host_id: 'KdYKjnimT4KPd8FFgQt9FQ',
            topic: 'Kata review',
            type: 2,
            start_time: '2026-12-01T13:00:00Z',
            duration: 45,
            timezone: 'Asia/Kolkata',
            created_at: '2026-11-25T10:00:00Z',
            start_url: 'https://us05web.zoom.us/s/85746065432?zak=abc',
            join_url: 'https://us05web.zoom.us/j/85746065432?pwd=xyz',
            password: 'a1B2c3',
          },
          { status: 201 },
        )
      );
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  return { calls, fetcher };
}

const creds = { accountId: 'acc-1', clientId: 'client-1', clientSecret: 's3cret' };
const request = { topic: 'Kata review', startTime: new Date('2026-12-01T13:00:00.000Z'), durationMinutes: 45, timezone: 'Asia/Kolkata' };

afterEach(() => clearZoomTokens());

describe('zoom adapter', () => {
  it('gets a token with account credentials and Basic auth, then creates a scheduled meeting', async () => {
    const { calls, fetcher } = fakeZoom();
    const meeting = await zoomProvider(creds, fetcher).createMeeting({ ...request, agenda: 'Bring your gi', password: 'osu123' });
    expect(meeting).toEqual({
      id: '85746065432',
      joinUrl: 'https://us05web.zoom.us/j/85746065432?pwd=xyz',
      password: 'a1B2c3',
      startUrl: 'https://us05web.zoom.us/s/85746065432?zak=abc',
    });
    expect(calls[0]!.url).toBe('https://zoom.us/oauth/token?grant_type=account_credentials&account_id=acc-1');
    expect(calls[0]!.init.method).toBe('POST');
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe(`Basic ${btoa('client-1:s3cret')}`);
    expect(new Headers(calls[1]!.init.headers).get('authorization')).toBe('Bearer eyJ.token');
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({
      topic: 'Kata review',
      type: 2,
      start_time: '2026-12-01T13:00:00Z',
      duration: 45,
      timezone: 'Asia/Kolkata',
      agenda: 'Bring your gi',
      password: 'osu123',
    });
  });

  it('reuses the token until shortly before it expires', async () => {
    let clock = 0;
    const { calls, fetcher } = fakeZoom();
    const zoom = zoomProvider(creds, fetcher, () => clock);
    await zoom.createMeeting(request);
    await zoom.createMeeting(request);
    expect(calls.filter((c) => c.url.includes('oauth')).length).toBe(1);
    clock = 3599_000 - 59_000;
    await zoom.createMeeting(request);
    expect(calls.filter((c) => c.url.includes('oauth')).length).toBe(2);
  });

  it('leaves a passcode longer than Zoom allows to Zoom', async () => {
    const { calls, fetcher } = fakeZoom();
    await zoomProvider(creds, fetcher).createMeeting({ ...request, password: 'much-too-long-passcode' });
    expect(JSON.parse(String(calls[1]!.init.body))).not.toHaveProperty('password');
  });

  it.each([
    [
      'a refused token',
      { token: Response.json({ reason: 'Invalid client_id or client_secret', error: 'invalid_client' }, { status: 400 }) },
    ],
    ['a refused create', { create: () => Response.json({ code: 300, message: 'Invalid meeting start time' }, { status: 400 }) }],
    ['a create answer without join_url', { create: () => Response.json({ id: 1 }, { status: 201 }) }],
    ['a create answer that is not JSON', { create: () => new Response('<html>', { status: 201 }) }],
  ])('answers 503 with a clear message on %s', async (_, overrides) => {
    const { fetcher } = fakeZoom(overrides);
    const err = await zoomProvider(creds, fetcher)
      .createMeeting(request)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(/paste a meeting link/) });
  });

  it('forgets a token Zoom rejects', async () => {
    let status = 401;
    const { calls, fetcher } = fakeZoom({ create: () => Response.json({ code: 124, message: 'Invalid access token.' }, { status }) });
    const zoom = zoomProvider(creds, fetcher);
    await expect(zoom.createMeeting(request)).rejects.toThrow();
    status = 500;
    await expect(zoom.createMeeting(request)).rejects.toThrow();
    expect(calls.filter((c) => c.url.includes('oauth')).length).toBe(2);
  });

  it('is used only when all three secrets are set', () => {
    const config = (v: Partial<AppConfig>) => v as AppConfig;
    expect(meetingsProvider(config({}))).toBeNull();
    expect(meetingsProvider(config({ ZOOM_ACCOUNT_ID: 'a', ZOOM_CLIENT_ID: 'b' }))).toBeNull();
    expect(meetingsProvider(config({ ZOOM_ACCOUNT_ID: 'a', ZOOM_CLIENT_ID: 'b', ZOOM_CLIENT_SECRET: 'c' }))).not.toBeNull();
  });
});
