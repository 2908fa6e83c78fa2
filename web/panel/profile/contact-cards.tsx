import { Field } from '#web/components/form-kit.tsx';
import { SOCIAL_LINK_LABELS, SOCIAL_PLATFORMS } from '#core/auth/profile.ts';
import { blanksAsNull, ProfileCard } from './profile-card.tsx';
import { saveProfile, type ProfileUser } from './profile-api.ts';
import { profileProblems } from './profile-check.ts';

const CONTACT = ['name', 'relationship', 'phone'] as const;

/** Who the school calls if something happens in class. */
export function EmergencyCard({ contact }: { contact: NonNullable<ProfileUser['emergencyContact']> }) {
  const body = (v: Record<string, string>) => ({ emergencyContact: blanksAsNull(v, CONTACT) });
  return (
    <ProfileCard
      id="pf-emergency"
      title="Emergency contact"
      intro={<p className="field-hint">The person the school calls if something happens during training.</p>}
      check={(v) => profileProblems(body(v))}
      save={async (v) => {
        await saveProfile(body(v));
        return 'Your emergency contact was saved';
      }}
    >
      {(errors) => (
        <>
          <Field
            id="pf-ec-name"
            name="name"
            label="Name"
            autoComplete="off"
            defaultValue={contact.name ?? ''}
            error={errors.name}
            optional
          />
          <Field
            id="pf-ec-relation"
            name="relationship"
            label="Relation"
            hint="For example parent, partner, friend"
            defaultValue={contact.relationship ?? ''}
            error={errors.relationship}
            optional
          />
          <Field
            id="pf-ec-phone"
            name="phone"
            label="Phone"
            type="tel"
            autoComplete="off"
            defaultValue={contact.phone ?? ''}
            error={errors.phone}
            optional
          />
        </>
      )}
    </ProfileCard>
  );
}

/** Links to the person's own pages: http(s) only, as the server checks them. */
export function SocialLinksCard({ links }: { links: NonNullable<ProfileUser['socialLinks']> }) {
  const body = (v: Record<string, string>) => ({ socialLinks: blanksAsNull(v, SOCIAL_PLATFORMS) });
  return (
    <ProfileCard
      id="pf-social"
      title="Social links"
      check={(v) => profileProblems(body(v))}
      save={async (v) => {
        await saveProfile(body(v));
        return 'Your links were saved';
      }}
    >
      {(errors) =>
        SOCIAL_PLATFORMS.map((p) => (
          <Field
            key={p}
            id={`pf-social-${p}`}
            name={p}
            label={SOCIAL_LINK_LABELS[p]}
            type="url"
            inputMode="url"
            placeholder="https://"
            defaultValue={links[p] ?? ''}
            error={errors[p]}
            optional
          />
        ))
      }
    </ProfileCard>
  );
}
