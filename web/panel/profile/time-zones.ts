import type { Option } from '#web/components/form-kit.tsx';

/** "UTC−08:00" for a zone at `at`, as Intl names the offset. */
function offsetLabel(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value.replace('GMT', 'UTC') || 'UTC';
}

/** Every IANA zone this browser knows (plus the saved one, if it is not among them), labelled with today's offset. */
export function timeZoneOptions(saved: string | undefined, at = new Date()): Option[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = [...new Set(['UTC', ...known, ...(saved ? [saved] : [])])].sort();
  return zones.map((z) => ({ value: z, label: `${z.replace(/_/g, ' ')} (${offsetLabel(z, at)})` }));
}

/** The zone this device is set to, if the browser says. */
export const deviceTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch {
    return '';
  }
};
