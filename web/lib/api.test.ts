import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api.ts';
import { fakeBrowser } from './browser.test-helpers.ts';

let browser: ReturnType<typeof fakeBrowser>;
beforeEach(() => {
  browser = fakeBrowser();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
};

describe('api()', () => {
  it('calls /api with the stored bearer token, a JSON body and a query without blanks', async () => {
    browser.store.set('token', 'abc.def.ghi');
    browser.respond(() => Response.json({ success: true, data: [1], pagination: { page: 2 } }));
    const body = await api<number[]>('/users', {
      query: { page: 2, search: '', role: undefined, q: 'a b' },
      body: { x: 1 },
      method: 'PATCH',
    });
    expect(body).toEqual({ success: true, data: [1], pagination: { page: 2 } });
    const [call] = browser.calls;
    expect(call?.url).toBe('/api/users?page=2&q=a+b');
    expect(call?.init.method).toBe('PATCH');
    expect(call?.init.body).toBe('{"x":1}');
    expect(call?.init.headers).toMatchObject({ authorization: 'Bearer abc.def.ghi', 'content-type': 'application/json' });
  });

  it('sends no authorization header without a stored token, and GET without a body', async () => {
    await api('/auth/me');
    expect(browser.calls[0]?.init.method).toBe('GET');
    expect(browser.calls[0]?.init.headers).not.toHaveProperty('authorization');
  });

  it("surfaces the server's message with the status, code and field errors", async () => {
    browser.respond(() =>
      Response.json(
        { success: false, message: 'Invalid credentials', code: 'UNAUTHORIZED', errors: [{ path: 'email', message: 'x' }] },
        { status: 401 },
      ),
    );
    const err = await failure(api('/auth/login', { body: {} }));
    expect(err.message).toBe('Invalid credentials');
    expect(err.status).toBe(401);
    expect(err.code).toBe('UNAUTHORIZED');
    expect(err.errors).toEqual([{ path: 'email', message: 'x' }]);
  });

  it('falls back to the error field, then to HTTP status and status text', async () => {
    browser.respond(() => Response.json({ error: 'Legacy error' }, { status: 400 }));
    expect((await failure(api('/x'))).message).toBe('Legacy error');
    browser.respond(() => Response.json({ success: false }, { status: 503, statusText: 'Service Unavailable' }));
    expect((await failure(api('/x'))).message).toBe('HTTP 503 Service Unavailable');
    browser.respond(() => new Response(null, { status: 500, statusText: 'Internal Server Error' }));
    expect((await failure(api('/x'))).message).toBe('HTTP 500 Internal Server Error');
  });

  it("treats success: false on a 200 as a failure, 'Request failed' when nothing else is known", async () => {
    browser.respond(() => Response.json({ success: false }));
    expect((await failure(api('/x'))).message).toBe('Request failed');
    browser.respond(() => Response.json({ success: false, message: 'Coupon expired' }));
    expect((await failure(api('/x'))).message).toBe('Coupon expired');
  });

  it("uses the operation's fallback when the server gives no message, never over the server's own", async () => {
    browser.respond(() => Response.json({ success: false }, { status: 500, statusText: 'Internal Server Error' }));
    expect((await failure(api('/posts', { fallback: 'Failed to fetch posts' }))).message).toBe('Failed to fetch posts');
    browser.respond(() => new Response(null, { status: 502, statusText: 'Bad Gateway' }));
    expect((await failure(api('/posts', { body: {}, fallback: 'Failed to create post' }))).message).toBe('Failed to create post');
    browser.respond(() => Response.json({ success: false }));
    expect((await failure(api('/posts', { fallback: 'Failed to create post' }))).message).toBe('Failed to create post');
    browser.respond(() => Response.json({ success: false, message: 'Title is required' }, { status: 400 }));
    expect((await failure(api('/posts', { fallback: 'Failed to create post' }))).message).toBe('Title is required');
  });

  it("answers 'Invalid JSON response' for a body that is not JSON", async () => {
    browser.respond(() => new Response('<html>oops</html>', { status: 200 }));
    expect((await failure(api('/x'))).message).toBe('Invalid JSON response');
    browser.respond(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const err = await failure(api('/x'));
    expect(err.message).toBe('Invalid JSON response');
    expect(err.status).toBe(502);
  });

  it("answers 'Request failed' when the network fails", async () => {
    browser.respond(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await failure(api('/x'));
    expect(err.message).toBe('Request failed');
    expect(err.status).toBe(0);
  });
});
