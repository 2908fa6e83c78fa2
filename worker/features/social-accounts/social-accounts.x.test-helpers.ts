/**
 * X stubbed at `globalThis.fetch` with its documented shapes (OAuth 2 token and revoke endpoints, GET
 * /2/users/me). Only api.x.com is answered here; any other request goes to the real fetch, since other
 * test files share this runtime. Every call is kept (method, path, form, authorization) for assertions.
 */
export type XCall = { method: string; path: string; form: URLSearchParams; auth: string | null };
type Answer = [number, unknown];
export type XRoutes = Partial<Record<'token' | 'refresh' | 'me' | 'revoke', (form: URLSearchParams) => Answer>>;

/** A token answer as X gives it: bearer, 2 hours, a rotating refresh token, the scopes granted. */
export const xTokens = (n: string) => ({
  token_type: 'bearer',
  access_token: `x-access-${n}`,
  refresh_token: `x-refresh-${n}`,
  expires_in: 7200,
  scope: 'tweet.read tweet.write users.read media.write offline.access',
});

export const xRefused = (description: string): Answer => [400, { error: 'invalid_request', error_description: description }];

export function stubX(routes: XRoutes) {
  const real = globalThis.fetch;
  const calls: XCall[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.host !== 'api.x.com') return real(input, init);
    const method = init?.method ?? 'GET';
    const form = new URLSearchParams(init?.body instanceof URLSearchParams ? init.body : typeof init?.body === 'string' ? init.body : '');
    calls.push({ method, path: url.pathname, form, auth: new Headers(init?.headers).get('authorization') });
    const route =
      url.pathname === '/2/oauth2/token'
        ? form.get('grant_type') === 'refresh_token'
          ? routes.refresh
          : routes.token
        : url.pathname === '/2/users/me'
          ? routes.me
          : url.pathname === '/2/oauth2/revoke'
            ? routes.revoke
            : undefined;
    const [status, body] = route ? route(form) : [404, { title: 'Not Found Error', detail: `No stub for ${method} ${url.pathname}` }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, restore: () => void (globalThis.fetch = real) };
}
