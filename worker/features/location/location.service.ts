import { NO_PLACE, type DetectedLocation } from '#core/location/detected-location.ts';
import { LOCATION_MESSAGES } from '#core/location/location-messages.ts';
import type { ReverseQuery } from '#core/location/location-schema.ts';
import { enforceRateLimits } from '#worker/lib/rate-limit.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { locationAdapters } from './location.adapters.ts';
import { placeFromCf } from './location.cloudflare.ts';

/** What detection answers when Cloudflare gave no zone: the parts it had, and no method. */
export type CloudflareDetection = Omit<DetectedLocation, 'method'> & { method: 'cloudflare' | null };

const now = () => new Date().toISOString();

/** Step 1: the request's Cloudflare location; the method is 'cloudflare' only when it names a zone. */
export function detectFromCloudflare(ctx: ServiceCtx, cf: unknown): CloudflareDetection {
  signedIn(ctx);
  const place = placeFromCf(cf);
  return { ...place, accuracy: null, method: place.timezone ? 'cloudflare' : null, timestamp: now() };
}

/** Each lookup may cost a provider call: a user gets RATE_LIMIT_LOCATION_USER of them. */
const countLookup = (ctx: ServiceCtx) =>
  enforceRateLimits(
    ctx.db,
    [{ key: `location:${signedIn(ctx).id}`, limit: ctx.config.rateLimits.RATE_LIMIT_LOCATION_USER }],
    LOCATION_MESSAGES.tooManyLookups,
  );

/** Step 2: the browser's position, named by the reverse geocoder. */
export async function reverseGeocode(ctx: ServiceCtx, { lat, lng }: ReverseQuery): Promise<DetectedLocation> {
  await countLookup(ctx);
  const place = await locationAdapters(ctx.config).reverse.reverse(lat, lng);
  return { ...place, latitude: lat, longitude: lng, accuracy: null, method: 'browser', timestamp: now() };
}

/** Private and loopback addresses name no place: no provider is asked about them. */
const PRIVATE_IP = /^(unknown$|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|::1$|f[cd]|fe80:)/i;

/** Step 3: the caller's address, located by the IP geolocation service. */
export async function locateIp(ctx: ServiceCtx): Promise<DetectedLocation> {
  await countLookup(ctx);
  const ip = ctx.ip;
  const place = PRIVATE_IP.test(ip) ? NO_PLACE : await locationAdapters(ctx.config).ip.locate(ip);
  return { ...place, accuracy: null, method: 'ip', timestamp: now(), ip };
}
