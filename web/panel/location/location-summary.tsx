import { placeLabel, zoneLabel } from '#core/location/detected-location.ts';
import type { DetectionMethod } from '#core/location/location-schema.ts';

const METHOD_LABELS: Record<DetectionMethod, string> = {
  cloudflare: 'Your connection',
  browser: "Your device's location",
  ip: 'Your internet address',
  manual: 'Set by you',
};

type Place = { city?: unknown; state?: unknown; country?: unknown } | null | undefined;

/** A saved or detected location in a few words: the place ('Unknown'), the zone ('No timezone set') and how it was found. */
export function LocationSummary({ location, timezone, method }: { location: Place; timezone: unknown; method?: unknown }) {
  const how = typeof method === 'string' && method in METHOD_LABELS ? METHOD_LABELS[method as DetectionMethod] : null;
  return (
    <dl className="facts location-summary">
      <dt>Place</dt>
      <dd>{placeLabel(location)}</dd>
      <dt>Time zone</dt>
      <dd>{zoneLabel(timezone)}</dd>
      {how && (
        <>
          <dt>Found by</dt>
          <dd>{how}</dd>
        </>
      )}
    </dl>
  );
}
