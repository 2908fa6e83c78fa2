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
  export type Options = { url: string; connections?: number; duration?: number; method?: string; headers?: Record<string, string> };
  export default function autocannon(opts: Options): Promise<Result>;
}
