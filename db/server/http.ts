// HTTP routing, authentication and body handling.
//
//   GET  /, /health     200 (no auth)
//   GET  /v2            200 — "Hrana over HTTP v2 is supported"
//   POST /v2/pipeline   the pipeline endpoint
//   /v3*, anything else 404 (so a Hrana 3 client falls back to v2)
//
// Every error body is JSON `{ message, code }` with content-type exactly `application/json`,
// which is what @libsql/hrana-client reads (it compares the header verbatim).

import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, protocolError } from './errors.ts';
import { runPipeline } from './pipeline.ts';
import type { StreamManager } from './streams.ts';
import { toJson } from './values.ts';

export type HttpOptions = {
  streams: StreamManager;
  authToken: string | undefined;
  maxBodyBytes: number;
  log: (line: string) => void;
};

function send(res: ServerResponse, status: number, body: string, type: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function sendError(res: ServerResponse, status: number, message: string, code: string): void {
  send(res, status, JSON.stringify({ message, code }), 'application/json');
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

function authorized(req: IncomingMessage, token: string | undefined): boolean {
  if (token === undefined) return true;
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1].trim()), digest(token));
}

/** Reads the body up to `limit` bytes; rejects with 413 beyond it. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.reject(new HttpError(413, `Request body exceeds ${limit} bytes`, 'BODY_TOO_LARGE'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(new HttpError(413, `Request body exceeds ${limit} bytes`, 'BODY_TOO_LARGE'));
        return;
      }
      chunks.push(chunk);
    });
    let complete = false;
    req.on('end', () => {
      complete = true;
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (e) => {
      if (!failed) reject(e);
      failed = true;
    });
    // a client that disconnects mid-upload: settle. Only then: an Error (and its stack) on every
    // request's close was 3% of this server's CPU under load.
    req.on('close', () => {
      if (!complete && !failed) reject(new HttpError(400, 'The request was aborted', 'ABORTED'));
    });
  });
}

async function pipeline(req: IncomingMessage, res: ServerResponse, opts: HttpOptions): Promise<void> {
  const raw = await readBody(req, opts.maxBodyBytes);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch (e) {
    throw protocolError(`The request body is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const response = await runPipeline(opts.streams, body, opts.log);
  send(res, 200, toJson(response), 'application/json');
}

async function route(req: IncomingMessage, res: ServerResponse, opts: HttpOptions): Promise<void> {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const method = req.method ?? 'GET';
  const isRead = method === 'GET' || method === 'HEAD';
  if (path === '/' || path === '/health') {
    if (!isRead) throw new HttpError(405, `${method} is not allowed on ${path}`, 'METHOD_NOT_ALLOWED');
    send(res, 200, path === '/' ? 'Hello, this is the dojo libSQL server (Hrana over HTTP v2)\n' : 'ok\n', 'text/plain');
    return;
  }
  if (path !== '/v2' && path !== '/v2/pipeline') {
    throw new HttpError(404, `Not found: ${path}`, 'NOT_FOUND');
  }
  if (!authorized(req, opts.authToken)) {
    res.setHeader('www-authenticate', 'Bearer');
    throw new HttpError(401, 'Missing or invalid authorization token', 'UNAUTHORIZED');
  }
  if (path === '/v2') {
    if (!isRead) throw new HttpError(405, `${method} is not allowed on ${path}`, 'METHOD_NOT_ALLOWED');
    send(res, 200, 'Hrana over HTTP v2\n', 'text/plain');
    return;
  }
  if (method !== 'POST') throw new HttpError(405, `${method} is not allowed on ${path}`, 'METHOD_NOT_ALLOWED');
  await pipeline(req, res, opts);
}

export function createHandler(opts: HttpOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    route(req, res, opts).catch((e: unknown) => {
      if (e instanceof HttpError) {
        if (e.status === 413) {
          res.setHeader('connection', 'close');
          req.resume(); // discard the rest of the upload
        }
        sendError(res, e.status, e.message, e.code);
        return;
      }
      opts.log(`internal error on ${req.method} ${req.url}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      sendError(res, 500, e instanceof Error ? e.message : 'Internal server error', 'INTERNAL_ERROR');
    });
  };
}
