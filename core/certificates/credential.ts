/**
 * The Open Badges 3.0 OpenBadgeCredential of a rank certificate (issue 25 §6; research §5). The holder is
 * named by display name and identified by a salted SHA-256 of the e-mail, never the e-mail itself: many
 * holders are children. Pure and deterministic: the same input gives the same JSON.
 */
export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';

export type CertificateExaminerInput = { name: string; role: 'head' | 'panel'; rank: string | null };

/** `identityHash` is `sha256$<hex of sha256(lowercased e-mail + salt)>` (OB 3.0 IdentityObject). */
export type EmailIdentity = { identityHash: string; salt: string };

export type CredentialInput = {
  id: string;
  /** The site's origin, e.g. `https://dojo.example`: every id in the credential is under it. */
  origin: string;
  issuerName: string;
  holderName: string;
  emailHash: EmailIdentity;
  rank: { id: string; name: string };
  program: { name: string };
  /** The school's calendar day of the award, 'YYYY-MM-DD'. */
  issuedOn: string;
  examiners: readonly CertificateExaminerInput[];
  resultNarrative?: string | null;
};

export type OpenBadgeCredential = {
  '@context': string[];
  id: string;
  type: string[];
  name: string;
  issuer: { id: string; type: string[]; name: string; url: string };
  validFrom: string;
  credentialSubject: {
    type: string[];
    identifier: { type: 'IdentityObject'; identityHash: string; identityType: string; hashed: boolean; salt?: string }[];
    achievement: {
      id: string;
      type: string[];
      achievementType: 'Certificate';
      name: string;
      description: string;
      criteria: { narrative: string };
    };
  };
};

export const verifyUrl = (origin: string, id: string) => `${trimOrigin(origin)}/verify/${id}`;
export const issuerUrl = (origin: string) => `${trimOrigin(origin)}/issuer`;
const trimOrigin = (origin: string) => origin.replace(/\/+$/, '');

/** 16 random bytes in hex. */
export function newSalt(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function hashEmail(email: string, salt: string): Promise<EmailIdentity> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email.trim().toLowerCase() + salt));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { identityHash: `sha256$${hex}`, salt };
}

/** "Examined by A (head examiner, 5th Dan), B (3rd Dan)." — or null without examiners. */
export function examinersSentence(examiners: readonly CertificateExaminerInput[]): string | null {
  if (!examiners.length) return null;
  const one = (e: CertificateExaminerInput) => {
    const notes = [e.role === 'head' ? 'head examiner' : null, e.rank].filter(Boolean);
    return notes.length ? `${e.name} (${notes.join(', ')})` : e.name;
  };
  return `Examined by ${examiners.map(one).join(', ')}.`;
}

export function buildCredential(input: CredentialInput): OpenBadgeCredential {
  const origin = trimOrigin(input.origin);
  const title = `${input.rank.name}, ${input.program.name}`;
  const narrative = [
    `Awarded ${input.rank.name} in ${input.program.name} by ${input.issuerName}.`,
    examinersSentence(input.examiners),
    input.resultNarrative?.trim() || null,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: verifyUrl(origin, input.id),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: title,
    issuer: { id: issuerUrl(origin), type: ['Profile'], name: input.issuerName, url: origin },
    validFrom: `${input.issuedOn}T00:00:00Z`,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        {
          type: 'IdentityObject',
          identityHash: input.emailHash.identityHash,
          identityType: 'emailAddress',
          hashed: true,
          salt: input.emailHash.salt,
        },
        { type: 'IdentityObject', identityHash: input.holderName, identityType: 'name', hashed: false },
      ],
      achievement: {
        id: `${origin}/ranks/${input.rank.id}`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: title,
        description: `The rank of ${input.rank.name} in the ${input.program.name} program of ${input.issuerName}.`,
        criteria: { narrative },
      },
    },
  };
}
