import { Field } from '#web/components/form-kit.tsx';
import { localDay } from '#web/components/format.ts';
import { blanksAsNull, ProfileCard, showSaved } from './profile-card.tsx';
import { saveProfile, type ProfileFields } from './profile-api.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { profileProblems } from './profile-check.ts';

const NAMES = ['firstName', 'lastName', 'phone', 'dateOfBirth'] as const;

/** Name, phone and date of birth; a new name shows in the panel header once saved. */
export function DetailsCard({ profile }: { profile: ProfileFields }) {
  const body = (v: Record<string, string>) => blanksAsNull(v, NAMES);
  const zone = useSchoolZone();
  return (
    <ProfileCard
      id="pf-details"
      title="Your details"
      check={(v) => profileProblems(body(v))}
      save={async (v, form) => {
        showSaved(form, (await saveProfile(body(v)))?.profile, NAMES);
        return 'Your details were saved';
      }}
    >
      {(errors) => (
        <>
          <Field
            id="pf-first-name"
            name="firstName"
            label="First name"
            autoComplete="given-name"
            defaultValue={profile.firstName ?? ''}
            error={errors.firstName}
            optional
          />
          <Field
            id="pf-last-name"
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            defaultValue={profile.lastName ?? ''}
            error={errors.lastName}
            optional
          />
          <Field
            id="pf-phone"
            name="phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            defaultValue={profile.phone ?? ''}
            error={errors.phone}
            optional
          />
          <Field
            id="pf-birth"
            name="dateOfBirth"
            label="Date of birth"
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={localDay(new Date().toISOString(), zone)}
            defaultValue={profile.dateOfBirth ?? ''}
            error={errors.dateOfBirth}
            optional
          />
        </>
      )}
    </ProfileCard>
  );
}
