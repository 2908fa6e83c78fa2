import { afterEach, describe, expect, it, vi } from 'vitest';
import { privateImageUrl } from './private-image.ts';

describe('privateImageUrl', () => {
  afterEach(() => vi.unstubAllGlobals());

  const stub = (response: Response, token: string | null = 'tok-123') => {
    const fetchMock = vi.fn(async () => response);
    vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'token' ? token : null) });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it('fetches a stored image with the bearer token and hands back a blob URL', async () => {
    const fetchMock = stub(new Response(new Uint8Array([0x89, 0x50]), { headers: { 'content-type': 'image/png' } }));
    expect(await privateImageUrl('/api/files/posts/a.png')).toMatch(/^blob:/);
    expect(fetchMock).toHaveBeenCalledWith('/api/files/posts/a.png', { headers: { authorization: 'Bearer tok-123' } });
  });

  it('gives up on a refusal, a type that is not an image, another site or no token', async () => {
    stub(new Response('{}', { status: 404 }));
    expect(await privateImageUrl('/api/files/posts/a.png')).toBeNull();
    stub(new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml' } }));
    expect(await privateImageUrl('/api/files/posts/a.svg')).toBeNull();
    const fetchMock = stub(new Response(''));
    expect(await privateImageUrl('https://elsewhere.example/a.png')).toBeNull();
    stub(new Response(''), null);
    expect(await privateImageUrl('/api/files/posts/a.png')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
