/** Every call of the soak by route (method and path pattern): times, refusals, transport failures. */
/** `refusals`: every answer of 400 or more, by status and message. */
export type RouteStats = { ms: number[]; refusals: Map<string, number>; failed: number };

export type Recorder = {
  routes: Map<string, RouteStats>;
  call: (route: string, method: string, path: string, init?: { token?: string; body?: unknown; accept?: string }) => Promise<Answer>;
};
export type Answer = { status: number; body: any };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Calls go to `baseUrl`; a call that gets no answer in 30 s counts as failed (status 0). */
export function recorder(baseUrl: string): Recorder {
  const routes = new Map<string, RouteStats>();
  const call: Recorder['call'] = async (route, method, path, init = {}) => {
    const stats: RouteStats = routes.get(route) ?? { ms: [], refusals: new Map(), failed: 0 };
    routes.set(route, stats);
    const started = performance.now();
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          accept: init.accept ?? 'application/json',
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      stats.ms.push(performance.now() - started);
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        /* a page */
      }
      if (res.status >= 400) {
        const refusal = `${res.status} ${(body as { message?: string } | null)?.message ?? ''}`.trim();
        stats.refusals.set(refusal, (stats.refusals.get(refusal) ?? 0) + 1);
      }
      return { status: res.status, body };
    } catch {
      stats.failed++;
      return { status: 0, body: null };
    }
  };
  return { routes, call };
}

/** The per-route table: p50/p99 in ms and as a ratio to GET /api/health's p99 in the same run, and what went wrong. */
export function routeTable(routes: Map<string, RouteStats>, healthRoute: string): string[] {
  const health = [...(routes.get(healthRoute)?.ms ?? [])].sort((a, b) => a - b);
  const base = pct(health, 99);
  const lines = [
    `GET /api/health p99 ${base.toFixed(1)} ms (the ratios' base)`,
    `${'route'.padEnd(44)} ${'calls'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'p50/h'.padStart(6)} ${'p99/h'.padStart(6)}  not 2xx/3xx`,
  ];
  for (const [route, s] of [...routes].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...s.ms].sort((a, b) => a - b);
    const [p50, p99] = [pct(sorted, 50), pct(sorted, 99)];
    const bad = [...s.refusals].sort(([, a], [, b]) => b - a).map(([refusal, n]) => `${n}× ${refusal}`);
    if (s.failed) bad.push(`${s.failed}× no answer`);
    lines.push(
      `${route.padEnd(44)} ${String(s.ms.length + s.failed).padStart(6)} ${p50.toFixed(1).padStart(7)} ${p99.toFixed(1).padStart(7)} ` +
        `${(p50 / base).toFixed(2).padStart(6)} ${(p99 / base).toFixed(2).padStart(6)}  ${bad.join('; ') || '–'}`,
    );
  }
  return lines;
}
