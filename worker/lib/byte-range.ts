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

/**
 * An R2 object read by the request's `Range` header (R2 parses it, one range or a suffix), or whole when
 * there is none or R2 cannot serve it: answering the whole file is always allowed. `ranged` says which.
 */
export async function getRanged(
  bucket: Pick<R2Bucket, 'get'>,
  key: string,
  range: string | undefined,
  options: R2GetOptions = {},
): Promise<{ object: R2Object | R2ObjectBody | null; ranged: boolean }> {
  if (range) {
    const object = await bucket.get(key, { ...options, range: new Headers({ range }) }).catch(() => undefined);
    // R2 answers a range past the end with the whole object: that is the whole file, not a part.
    if (object !== undefined)
      return { object, ranged: !!object && 'body' in object && !!object.range && partOf(object).length < object.size };
  }
  return { object: await bucket.get(key, options), ranged: false };
}

/** The bytes R2 read of an object: its first and how many (the whole object when it read no range). */
function partOf(object: R2ObjectBody): { start: number; length: number } {
  const r = object.range as { offset?: number; length?: number; suffix?: number } | undefined;
  const start = r?.suffix !== undefined ? Math.max(0, object.size - r.suffix) : (r?.offset ?? 0);
  const length = Math.min(r?.suffix !== undefined ? object.size - start : (r?.length ?? object.size - start), object.size - start);
  return { start, length };
}

/** Turns the headers of a whole object into those of the part R2 read (206): its content-range and length. */
export function partHeaders(headers: Headers, object: R2ObjectBody): void {
  const { start, length } = partOf(object);
  headers.set('accept-ranges', 'bytes');
  headers.set('content-range', `bytes ${start}-${start + length - 1}/${object.size}`);
  headers.set('content-length', String(length));
}
