import { profileName, type NamedProfile } from '#core/users/person-name.ts';

export const iso = (d: Date) => d.toISOString();

/** A person as a roster or a kiosk greets them: "Aiko Tanaka" → firstName "Aiko", lastInitial "T". */
export function personParts(profile: NamedProfile, email: string) {
  const name = profileName(profile, email);
  const first = profile?.firstName?.trim();
  const last = profile?.lastName?.trim();
  return { name, firstName: first || name, lastInitial: last ? last.charAt(0).toUpperCase() : '' };
}
