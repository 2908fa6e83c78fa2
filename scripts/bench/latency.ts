import autocannon from 'autocannon';

export type Latency = { p50: number; p99: number; avg: number; reqPerSec: number; requests: number; non2xx: number; errors: number };

/**
 * 20 connections for 10 s against one URL, as the brief's budget is stated, after 3 s of the same load
 * that is not recorded: V8 compiles the hot path during the first seconds, and that is not steady state.
 * With `post`, each request is a POST whose JSON body is made afresh (fresh ids every time).
 */
export async function measure(url: string, headers: Record<string, string> = {}, post?: { body: () => string }): Promise<Latency> {
  const requests = post
    ? [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          setupRequest: (req: object) => ({ ...req, body: post.body() }),
        },
      ]
    : undefined;
  await autocannon({ url, connections: 20, duration: 3, headers, requests });
  const r = await autocannon({ url, connections: 20, duration: 10, headers, requests });
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    avg: Math.round(r.latency.average * 100) / 100,
    reqPerSec: Math.round(r.requests.average),
    requests: r['2xx'] + r.non2xx,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/**
 * Unrecorded load on every endpoint before the first figure: the first endpoint measured used to come out
 * 20–40% slower than the same endpoint measured again later (V8 still tiering up the shared code and
 * growing its heap), so the order of the table decided part of its figures.
 */
export async function warmUp(targets: { url: string; headers?: Record<string, string> }[], seconds = 5): Promise<void> {
  for (const t of targets) await autocannon({ url: t.url, connections: 20, duration: seconds, headers: t.headers ?? {} });
}
