export type NamedProfile = { firstName?: string | null; lastName?: string | null } | null | undefined;

/** "First Last" from the parts of a profile that are set, else `fallback`: the one rule for naming a person, server and browser. */
export const profileName = (profile: NamedProfile, fallback = ''): string =>
  [profile?.firstName, profile?.lastName]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter(Boolean)
    .join(' ') || fallback;
