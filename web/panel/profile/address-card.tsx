import { useState } from 'react';
import { Field } from '#web/components/form-kit.tsx';
import { CANADA, CANADIAN_PROVINCES, isCanada, provinceCode } from '#core/places/provinces.ts';
import { blanksAsNull, ProfileCard, showSaved } from './profile-card.tsx';
import { saveProfile, type ProfileFields } from './profile-api.ts';
import { profileProblems } from './profile-check.ts';

/** The profile's postal address, named as the checkout reads it: address (street), city, state, postalCode, country. */
const NAMES = ['address', 'city', 'state', 'postalCode', 'country'] as const;
const PROVINCE_OPTIONS = CANADIAN_PROVINCES.map((p) => ({ value: p.code, label: p.name }));

/** In Canada the province comes from the list and the postal code is checked; elsewhere both are free text. */
export function AddressCard({ profile, schoolIsCanadian }: { profile: ProfileFields; schoolIsCanadian: boolean }) {
  const [country, setCountry] = useState(profile.country ?? (schoolIsCanadian ? CANADA : ''));
  const canadian = isCanada(country);
  const body = (v: Record<string, string>) => blanksAsNull(v, NAMES);
  return (
    <ProfileCard
      id="pf-address"
      title="Address"
      intro={<p className="field-hint">The shop’s checkout fills your shipping address from here.</p>}
      check={(v) => profileProblems(body(v))}
      save={async (v, form) => {
        const saved = (await saveProfile(body(v)))?.profile;
        showSaved(form, saved, ['address', 'city', 'state', 'postalCode']);
        setCountry(saved?.country ?? '');
        return 'Your address was saved';
      }}
    >
      {(errors) => (
        <>
          <Field
            id="pf-street"
            name="address"
            label="Street address"
            autoComplete="street-address"
            defaultValue={profile.address ?? ''}
            error={errors.address}
            optional
            wide
          />
          <Field
            id="pf-city"
            name="city"
            label="City"
            autoComplete="address-level2"
            defaultValue={profile.city ?? ''}
            error={errors.city}
            optional
          />
          {canadian ? (
            <Field
              key="province-list"
              id="pf-province"
              name="state"
              label="Province or territory"
              autoComplete="address-level1"
              options={PROVINCE_OPTIONS}
              blankOption="Choose…"
              defaultValue={provinceCode(profile.state) ?? ''}
              error={errors.state}
              optional
            />
          ) : (
            <Field
              key="province-text"
              id="pf-province"
              name="state"
              label="Province or state"
              autoComplete="address-level1"
              defaultValue={profile.state ?? ''}
              error={errors.state}
              optional
            />
          )}
          <Field
            id="pf-postal"
            name="postalCode"
            label="Postal code"
            autoComplete="postal-code"
            hint={canadian ? 'For example V5K 0A1' : undefined}
            defaultValue={profile.postalCode ?? ''}
            error={errors.postalCode}
            optional
          />
          <Field
            id="pf-country"
            name="country"
            label="Country"
            autoComplete="country-name"
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            error={errors.country}
            optional
          />
        </>
      )}
    </ProfileCard>
  );
}
