const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Answers a `Range: bytes=…` request for a whole static file with 206 and just that part (Safari will
 * not play a video without it; seeking needs it everywhere). One range only; anything else gets the
 * whole file. The file is read into memory to cut it: static assets are at most 25 MiB on Workers.
 */
export async function withByteRange(request: Request, file: Response): Promise<Response> {
  const range = SINGLE_RANGE.exec(request.headers.get('range')?.trim() ?? '');
  const ifRange = request.headers.get('if-range');
  const fresh = !ifRange || ifRange === file.headers.get('etag');
  if (!range || (!range[1] && !range[2]) || request.method !== 'GET' || file.status !== 200 || !fresh) {
    const whole = new Response(file.body, file);
    whole.headers.set('accept-ranges', 'bytes');
    return whole;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const size = bytes.byteLength;
  const headers = new Headers(file.headers);
  headers.set('accept-ranges', 'bytes');
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  if (start >= size || start > end) {
    headers.set('content-range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  headers.set('content-range', `bytes ${start}-${end}/${size}`);
  headers.set('content-length', String(end - start + 1));
  return new Response(bytes.subarray(start, end + 1), { status: 206, headers });
}
