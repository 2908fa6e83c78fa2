// POST /v2/pipeline: `{ baton, requests }` → `{ baton, base_url, results }`.
// Requests run in order on one stream; each one succeeds or fails on its own (the spec says the
// server always executes all of them), and the response carries the stream's next baton.

import { executeBatch, type BatchResultJson } from './batch.ts';
import { describeStmt, type DescribeResultJson } from './describe.ts';
import { HranaError, toHranaError, type ErrorJson } from './errors.ts';
import { parsePipelineRequest, type StreamRequest } from './proto.ts';
import { executeSequence, executeStmt, resolveSql, type StmtResultJson } from './stmt.ts';
import type { Stream, StreamManager } from './streams.ts';

const MAX_STORED_SQLS = 256;
const MAX_STORED_SQL_LENGTH = 64 * 1024;

type StreamResponseJson =
  | { type: 'close' }
  | { type: 'execute'; result: StmtResultJson }
  | { type: 'batch'; result: BatchResultJson }
  | { type: 'sequence' }
  | { type: 'describe'; result: DescribeResultJson }
  | { type: 'store_sql' }
  | { type: 'close_sql' }
  | { type: 'get_autocommit'; is_autocommit: boolean };

type StreamResultJson = { type: 'ok'; response: StreamResponseJson } | { type: 'error'; error: ErrorJson };

export type PipelineResponseJson = { baton: string | null; base_url: null; results: StreamResultJson[] };

async function handle(streams: StreamManager, stream: Stream, req: StreamRequest): Promise<StreamResponseJson> {
  switch (req.type) {
    case 'close':
      streams.close(stream);
      return { type: 'close' };
    case 'execute':
      return { type: 'execute', result: await executeStmt(streams.context(stream), req.stmt) };
    case 'batch':
      return { type: 'batch', result: await executeBatch(streams.context(stream), req.steps) };
    case 'sequence':
      await executeSequence(streams.context(stream), req);
      return { type: 'sequence' };
    case 'describe':
      return { type: 'describe', result: describeStmt(stream.requireConn(), resolveSql(req, stream.sqls)) };
    case 'store_sql':
      stream.requireConn();
      if (stream.sqls.has(req.sqlId)) {
        throw new HranaError(`SQL text with id ${req.sqlId} is already stored`, 'SQL_STORE_EXISTS');
      }
      if (stream.sqls.size >= MAX_STORED_SQLS) {
        throw new HranaError(`The stream already stores ${stream.sqls.size} SQL texts`, 'SQL_STORE_TOO_MANY');
      }
      if (req.sql.length > MAX_STORED_SQL_LENGTH) {
        throw new HranaError(`The SQL text is too large to be stored (${req.sql.length} characters)`, 'SQL_STORE_TOO_LARGE');
      }
      stream.sqls.set(req.sqlId, req.sql);
      return { type: 'store_sql' };
    case 'close_sql':
      stream.requireConn();
      stream.sqls.delete(req.sqlId);
      return { type: 'close_sql' };
    case 'get_autocommit':
      return { type: 'get_autocommit', is_autocommit: stream.requireConn().isAutocommit };
  }
}

/** Runs a pipeline request body. Throws HttpError for request-level failures (400/503). */
export async function runPipeline(streams: StreamManager, body: unknown, log: (line: string) => void): Promise<PipelineResponseJson> {
  const request = parsePipelineRequest(body);
  const stream = request.baton === null ? streams.create() : streams.acquire(request.baton);
  const results: StreamResultJson[] = [];
  let baton: string | null = null;
  try {
    for (const req of request.requests) {
      try {
        results.push({ type: 'ok', response: await handle(streams, stream, req) });
      } catch (e) {
        if (!(e instanceof HranaError) && !(e instanceof Error && 'code' in e)) {
          log(`unexpected error in ${req.type} request: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        }
        results.push({ type: 'error', error: toHranaError(e).toJson() });
      }
    }
  } finally {
    baton = streams.release(stream);
  }
  return { baton, base_url: null, results };
}
