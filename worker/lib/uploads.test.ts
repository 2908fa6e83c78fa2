import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { readLimitedBody, serveObject, sniffType } from './uploads.ts';
import { AppError } from './errors.ts';
import { makeZip } from '#test/file-helpers.ts';

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new TextEncoder().encode(s);

describe('sniffType', () => {
  it('knows JPEG, PNG, WebP, GIF and PDF by their first bytes', () => {
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0))).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(sniffType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toEqual({ mime: 'image/png', ext: 'png' });
    expect(sniffType(ascii('RIFF\0\0\0\0WEBPVP8 '))).toEqual({ mime: 'image/webp', ext: 'webp' });
    expect(sniffType(ascii('GIF89a...'))).toEqual({ mime: 'image/gif', ext: 'gif' });
    expect(sniffType(ascii('%PDF-1.7'))).toEqual({ mime: 'application/pdf', ext: 'pdf' });
  });

  it('knows MP4 by its ftyp box and WebM by its EBML DocType', () => {
    const box = (brand: string) => new Uint8Array([0, 0, 0, 0x18, ...ascii('ftyp'), ...ascii(brand), 0, 0, 0, 0]);
    expect(sniffType(box('isom'))).toEqual({ mime: 'video/mp4', ext: 'mp4' });
    expect(sniffType(box('mp42'))).toEqual({ mime: 'video/mp4', ext: 'mp4' });
    const ebml = (docType: string) =>
      new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | docType.length, ...ascii(docType)]);
    expect(sniffType(ebml('webm'))).toEqual({ mime: 'video/webm', ext: 'webm' });
    expect(sniffType(ebml('matroska'))).toBeNull();
    expect(sniffType(box('qt  '))).toBeNull();
    expect(sniffType(box('heic'))).toBeNull();
    expect(sniffType(box('avif'))).toBeNull();
  });

  it('knows xlsx and docx by their ZIP entries, xls by the OLE container, and refuses any other ZIP', () => {
    const xlsx = makeZip([
      ['[Content_Types].xml', '<Types/>'],
      ['xl/workbook.xml', '<workbook/>'],
    ]);
    expect(sniffType(xlsx)).toEqual({ mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' });
    expect(sniffType(makeZip([['word/document.xml', '<document/>']]))).toEqual({
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ext: 'docx',
    });
    expect(sniffType(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0))).toEqual({ mime: 'application/vnd.ms-excel', ext: 'xls' });
    expect(sniffType(makeZip([['ppt/presentation.xml', '<p/>']]))).toBeNull();
    expect(sniffType(makeZip([['notes.txt', 'xl/ inside the text is not an entry']]))).toBeNull();
    // Without its central directory (cut short), the local headers at the start still tell.
    expect(sniffType(xlsx.subarray(0, xlsx.length - 60))?.ext).toBe('xlsx');
    expect(sniffType(bytes(0x50, 0x4b, 0x03, 0x04, 0xff))).toBeNull();
  });

  it('refuses text, SVG, HTML and truncated signatures', () => {
    expect(sniffType(ascii('hello, I am a png'))).toBeNull();
    expect(sniffType(ascii('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffType(ascii('<!doctype html>'))).toBeNull();
    expect(sniffType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(sniffType(ascii('RIFF\0\0\0\0WAVE'))).toBeNull();
  });
});

describe('readLimitedBody', () => {
  it('reads a body within the limit', async () => {
    const req = new Request('http://x/', { method: 'POST', body: 'abc' });
    expect(new TextDecoder().decode(await readLimitedBody(req, 3, 'too big'))).toBe('abc');
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    let pulled = false;
    const body = new ReadableStream(
      {
        pull: (c) => {
          pulled = true;
          c.enqueue(new Uint8Array(10));
          c.close();
        },
      },
      { highWaterMark: 0 },
    );
    const req = new Request('http://x/', { method: 'POST', body, headers: { 'content-length': '999999' }, duplex: 'half' } as RequestInit);
    await expect(readLimitedBody(req, 100, 'too big')).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'too big' });
    expect(pulled).toBe(false);
  });

  it('stops a streamed body without a length as soon as it passes the limit', async () => {
    let chunks = 0;
    const body = new ReadableStream({
      pull: (c) => {
        chunks++;
        c.enqueue(new Uint8Array(64));
        if (chunks > 1000) c.close();
      },
    });
    const req = new Request('http://x/', { method: 'POST', body, duplex: 'half' } as RequestInit);
    const err = await readLimitedBody(req, 100, 'too big').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(chunks).toBeLessThan(10);
  });
});

describe('readLimitedBody on a refused body', () => {
  const counted = (total: number | null, chunk = 64) => {
    const seen = { bytes: 0, cancelled: false };
    const body = new ReadableStream<Uint8Array>({
      pull: (c) => {
        if (total !== null && seen.bytes >= total) return c.close();
        seen.bytes += chunk;
        c.enqueue(new Uint8Array(chunk));
      },
      cancel: () => void (seen.cancelled = true),
    });
    return { body, seen };
  };

  it('reads a declared body within twice the limit to its end and refuses it, so the client can read the 413', async () => {
    const { body, seen } = counted(192);
    const req = new Request('http://x/', { method: 'POST', body, headers: { 'content-length': '192' }, duplex: 'half' } as RequestInit);
    await expect(readLimitedBody(req, 100, 'too big')).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'too big' });
    expect(seen).toEqual({ bytes: 192, cancelled: false });
  });

  it('drains an unsized body past the limit only up to twice the limit, then cuts it', async () => {
    const { body, seen } = counted(null);
    const req = new Request('http://x/', { method: 'POST', body, duplex: 'half' } as RequestInit);
    await expect(readLimitedBody(req, 1000, 'too big')).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(seen.cancelled).toBe(true);
    expect(seen.bytes).toBeLessThanOrEqual(2000 + 64 * 4);
  });
});

describe('serveObject', () => {
  const bucket = (env as unknown as { UPLOADS: R2Bucket }).UPLOADS;

  it('serves a stored image inline with its type, nosniff and a long cache', async () => {
    await bucket.put('test/serve.png', new Uint8Array([0x89, 0x50]), { httpMetadata: { contentType: 'image/png' } });
    const res = serveObject((await bucket.get('test/serve.png'))!);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50]));
  });

  it('never serves SVG or HTML inline', async () => {
    for (const [key, type] of [
      ['test/x.svg', 'image/svg+xml'],
      ['test/x.html', 'text/html'],
    ] as const) {
      await bucket.put(key, '<script>alert(1)</script>', { httpMetadata: { contentType: type } });
      expect(serveObject((await bucket.get(key))!).headers.get('content-disposition')).toBe('attachment');
    }
  });
});
