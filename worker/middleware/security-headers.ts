import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#worker/env.ts';

/** The realtime socket's only host is this site's own (web/lib/live-events.ts: window.location.host); ws: only on plain http (local). */
function socketSources(requestUrl: string) {
  const url = new URL(requestUrl);
  return url.protocol === 'https:' ? `wss://${url.host}` : `ws://${url.host} wss://${url.host}`;
}

/**
 * Headers on every response. Pages get a CSP with a per-request nonce for their scripts; API answers
 * get the strictest policy since they are never rendered.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const isApi = c.req.path.startsWith('/api/');
  // The check-in kiosk reads QR codes from its camera, with ZXing in WebAssembly where the browser has no reader.
  const isKiosk = c.req.path === '/kiosk';
  // API answers carry no script, so they need no nonce.
  const nonce = isApi ? '' : btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  c.set('cspNonce', nonce);
  await next();
  const csp = isApi
    ? "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"
    : [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isKiosk ? " 'wasm-unsafe-eval'" : ''}`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "font-src 'self'",
        // Razorpay's checkout modal (loaded only when a buyer pays with it) frames and calls its own hosts.
        `connect-src 'self' ${socketSources(c.req.url)} https://api.razorpay.com https://lumberjack.razorpay.com`,
        "media-src 'self' https:",
        // The push service worker (/sw.js). Without it workers fall back to script-src, whose
        // 'strict-dynamic' ignores 'self' and would block registering it.
        "worker-src 'self'",
        "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com https://api.razorpay.com https://checkout.razorpay.com",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; ');
  const h = c.res.headers;
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', csp);
  h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('X-Frame-Options', 'DENY');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  h.set('Permissions-Policy', `camera=(${isKiosk ? 'self' : ''}), microphone=(), geolocation=(self), payment=(self)`);
});
