declare module 'autocannon' {
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number };
  export type Result = {
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  };
  export type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Each request in turn; `setupRequest` may rewrite one before it is sent (a fresh body per request). */
    requests?: (Request & { setupRequest?: (req: Request) => Request })[];
  };
  export default function autocannon(opts: Options): Promise<Result>;
}
