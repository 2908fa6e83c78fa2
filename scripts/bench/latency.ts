import autocannon from 'autocannon';

export type Latency = { p50: number; p99: number; avg: number; reqPerSec: number; requests: number; non2xx: number; errors: number };

/** 20 connections for 10 s against one URL, as the brief's budget is stated. */
export async function measure(url: string, headers: Record<string, string> = {}): Promise<Latency> {
  const r = await autocannon({ url, connections: 20, duration: 10, headers });
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
