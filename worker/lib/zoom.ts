import { configured, ZOOM_SETTINGS, type AppConfig } from '#worker/config.ts';
import { unavailable } from './errors.ts';

export type ZoomMeetingRequest = {
  topic: string;
  agenda?: string;
  startTime: Date;
  durationMinutes: number;
  timezone: string;
  password?: string | null;
};
export type ZoomMeeting = { id: string; joinUrl: string; password: string | null; startUrl: string | null };

/** Makes meetings on a meetings platform. Only Zoom exists; the local default is no adapter (admins paste a link). */
export interface MeetingsProvider {
  createMeeting(request: ZoomMeetingRequest): Promise<ZoomMeeting>;
}

export type ZoomCredentials = { accountId: string; clientId: string; clientSecret: string };

const TOKEN_URL = 'https://zoom.us/oauth/token';
const API_BASE = 'https://api.zoom.us/v2';
/** Renew this long before Zoom's expiry (tokens live 3600 s), so a token never dies mid-request. */
const EXPIRY_MARGIN_MS = 60_000;

/** Access tokens per client id: not per request, and worth an OAuth round trip saved on each create. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

export const clearZoomTokens = () => tokens.clear();

const failed = () => unavailable('Could not create the Zoom meeting. Please try again, or paste a meeting link instead.');

/** Zoom's `start_time` without milliseconds, in UTC ("2026-12-01T13:00:00Z"). */
const zoomTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Zoom's Server-to-Server OAuth (grant_type=account_credentials, Basic client_id:client_secret) and
 * "Create a meeting" (POST /users/me/meetings, a scheduled meeting: type 2).
 */
export function zoomProvider(
  creds: ZoomCredentials,
  fetcher: typeof fetch = (...a) => fetch(...a),
  now = () => Date.now(),
): MeetingsProvider {
  async function accessToken(): Promise<string> {
    const cached = tokens.get(creds.clientId);
    if (cached && cached.expiresAt > now()) return cached.token;
    const url = `${TOKEN_URL}?grant_type=account_credentials&account_id=${encodeURIComponent(creds.accountId)}`;
    const res = await fetcher(url, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${creds.clientId}:${creds.clientSecret}`)}` },
    });
    const body = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!res.ok || typeof body?.access_token !== 'string') throw failed();
    const ttl = typeof body.expires_in === 'number' ? body.expires_in * 1000 : 3600_000;
    tokens.set(creds.clientId, { token: body.access_token, expiresAt: now() + ttl - EXPIRY_MARGIN_MS });
    return body.access_token;
  }

  return {
    async createMeeting(r) {
      const token = await accessToken();
      const res = await fetcher(`${API_BASE}/users/me/meetings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          topic: r.topic,
          type: 2,
          start_time: zoomTime(r.startTime),
          duration: r.durationMinutes,
          timezone: r.timezone,
          ...(r.agenda ? { agenda: r.agenda.slice(0, 2000) } : {}),
          // Zoom takes passcodes of at most 10 characters; a longer one is left to Zoom to generate (and stored from its answer).
          ...(r.password && r.password.length <= 10 ? { password: r.password } : {}),
        }),
      });
      // A rejected token (revoked app) is forgotten so the next create fetches a fresh one.
      if (res.status === 401) tokens.delete(creds.clientId);
      const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      if (res.status !== 201 && res.status !== 200) throw failed();
      const id = body?.id;
      const joinUrl = body?.join_url;
      if ((typeof id !== 'number' && typeof id !== 'string') || typeof joinUrl !== 'string' || !joinUrl.startsWith('https://'))
        throw failed();
      return {
        id: String(id),
        joinUrl,
        password: typeof body?.password === 'string' && body.password ? body.password : null,
        startUrl: typeof body?.start_url === 'string' ? body.start_url : null,
      };
    },
  };
}

/** The Zoom adapter when its three secrets are set; null otherwise (the admin's pasted link is then required). */
export function meetingsProvider(config: AppConfig, fetcher?: typeof fetch): MeetingsProvider | null {
  if (!configured(config, ZOOM_SETTINGS)) return null;
  return zoomProvider(
    { accountId: config.ZOOM_ACCOUNT_ID, clientId: config.ZOOM_CLIENT_ID, clientSecret: config.ZOOM_CLIENT_SECRET },
    fetcher,
  );
}
