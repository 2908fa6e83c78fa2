import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Field } from '#web/components/form-kit.tsx';
import { deviceTimeZone, formatDate, timeZoneOptions } from '#web/components/format.ts';
import { ProfileCard } from './profile-card.tsx';
import { saveProfile, type ProfileFields } from './profile-api.ts';
import { profileProblems } from './profile-check.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';

const METHOD_WORDS: Record<string, string> = {
  cloudflare: 'from your connection',
  browser: 'by your browser',
  geolocation: 'by your browser',
  ip: 'from your IP address',
  manual: 'by hand',
};

/** "Vancouver, BC, Canada · found by your browser on Thu, November 26, 2026", or null when nothing is saved. */
export function locationSummary(location: ProfileFields['location'], zone: string): string | null {
  if (!location) return null;
  const place = [location.city, location.state, location.country].filter((p) => p && String(p).trim()).join(', ');
  if (!place) return null;
  const how = location.detectionMethod ? (METHOD_WORDS[location.detectionMethod] ?? `by ${location.detectionMethod}`) : '';
  const when = location.detectedAt && !Number.isNaN(Date.parse(location.detectedAt)) ? ` on ${formatDate(location.detectedAt, zone)}` : '';
  return how || when ? `${place} · found ${how}${when}`.replace('found  on', 'found on') : place;
}

type TimeZoneCardProps = {
  profile: ProfileFields;
  /** The "Detect again" button (web/panel/location/); it saves through the API and calls rememberUser. */
  detectAgain?: ReactNode;
};

/** The person's own time zone (profile.timezone) and where the location prompt found them (read-only). */
export function TimeZoneCard({ profile, detectAgain }: TimeZoneCardProps) {
  const options = useMemo(() => timeZoneOptions([profile.timezone]), [profile.timezone]);
  const [zone, setZone] = useState(profile.timezone ?? '');
  // A zone saved elsewhere (the location prompt's "Detect again") shows here too.
  useEffect(() => setZone(profile.timezone ?? ''), [profile.timezone]);
  const device = deviceTimeZone();
  const summary = locationSummary(profile.location, useSchoolZone());
  return (
    <ProfileCard
      id="pf-zone"
      title="Time zone and location"
      check={(v) => profileProblems({ timezone: v.timezone || null })}
      save={async (v) => {
        await saveProfile({ timezone: v.timezone || null });
        return v.timezone ? `Time zone saved: ${v.timezone}` : 'Time zone cleared';
      }}
    >
      {(errors) => (
        <>
          <Field
            id="pf-timezone"
            name="timezone"
            label="Time zone"
            options={options}
            blankOption="Not set"
            value={zone}
            onChange={(e) => setZone(e.target.value)}
            error={errors.timezone}
            optional
          />
          {device && device !== zone && (
            <div className="field profile-inline-action">
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setZone(device)}>
                Use this device’s zone ({device.replace(/_/g, ' ')})
              </button>
            </div>
          )}
          <div className="field field-wide profile-location">
            <p>
              <span className="profile-label">Location:</span>{' '}
              <span className="profile-location-text">{summary ?? 'No location saved yet.'}</span>
            </p>
            {detectAgain}
          </div>
        </>
      )}
    </ProfileCard>
  );
}
