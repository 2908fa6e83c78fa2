import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentPath, openDocument, shownType } from './enrollment-admin-documents.ts';

describe('documentPath', () => {
  it('keeps an /api path and an absolute URL, and puts other paths under /api', () => {
    expect(documentPath('/api/purchase-membership/m1/documents/0')).toBe('/api/purchase-membership/m1/documents/0');
    expect(documentPath('/instructors/i1/documents/1')).toBe('/api/instructors/i1/documents/1');
    expect(documentPath('https://dojo.example/api/x')).toBe('https://dojo.example/api/x');
  });
});

describe('shownType', () => {
  it('shows only the kinds the API accepts; anything else becomes a download', () => {
    expect(shownType('image/png')).toBe('image/png');
    expect(shownType('Application/PDF; charset=binary')).toBe('application/pdf');
    expect(shownType('text/html')).toBe('application/octet-stream');
    expect(shownType('image/svg+xml')).toBe('application/octet-stream');
    expect(shownType(null)).toBe('application/octet-stream');
  });
});

describe('openDocument', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubBrowser(response: Response) {
    const tab = { location: { href: '' }, close: vi.fn() };
    const fetchMock = vi.fn(async () => response);
    vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'token' ? 'tok-123' : null) });
    vi.stubGlobal('window', { open: vi.fn(() => tab) });
    vi.stubGlobal('fetch', fetchMock);
    return { tab, fetchMock };
  }

  it('fetches the bytes with the bearer token and shows them in the tab it opened', async () => {
    const { tab, fetchMock } = stubBrowser(new Response(new Uint8Array([0x89, 0x50]), { headers: { 'content-type': 'image/png' } }));
    await openDocument('/api/instructors/i1/documents/0', 'id.png');
    expect(fetchMock).toHaveBeenCalledWith('/api/instructors/i1/documents/0', { headers: { authorization: 'Bearer tok-123' } });
    expect(tab.location.href).toMatch(/^blob:/);
    expect(tab.close).not.toHaveBeenCalled();
  });

  it("closes the tab and throws the server's message when it refuses", async () => {
    const refused = new Response(JSON.stringify({ success: false, message: 'Document not found' }), { status: 404 });
    const { tab } = stubBrowser(refused);
    await expect(openDocument('/api/instructors/i1/documents/9', 'x.pdf')).rejects.toMatchObject({
      message: 'Document not found',
      status: 404,
    });
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});
