/** The family calls of API-26 ("Families") the family screen and the invitation page make, and the views they answer. */
import { api } from './api.ts';

export type EmergencyContact = { name: string; phone: string; relationship: string };

export type FamilyMember = {
  _id: string;
  firstName: string;
  lastName: string;
  name: string;
  studentId: string | null;
  role: string;
  relation: 'self' | 'child' | 'guardian';
  relationship: string;
  canSignIn: boolean;
  email: string | null;
  dateOfBirth: string | null;
  age: number | null;
  grade: string | null;
  emergencyContact: Partial<EmergencyContact> | null;
  medicalNotes: string;
  comesOfAgeOn: string | null;
  ofAge: boolean;
  membership: { _id: string; name: string; status: string; endsAt: string | null; autopay: boolean } | null;
};

export type GuardianInviteView = {
  _id: string;
  email: string;
  relationship: string;
  children: { _id: string; name: string }[];
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
  status: 'pending' | 'accepted' | 'expired' | 'revoked';
};

export type Family = { me: FamilyMember; children: FamilyMember[]; guardians: FamilyMember[]; invites: GuardianInviteView[] };

export type ChildInput = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  grade?: string;
  emergencyContact?: EmergencyContact;
  medicalNotes?: string;
  relationship?: string;
};

const seg = encodeURIComponent;

export async function readFamily(signal?: AbortSignal): Promise<Family> {
  const body = await api<Family>('/family', { signal, fallback: 'Failed to fetch your family' });
  return body.data ?? { me: null as never, children: [], guardians: [], invites: [] };
}

export const addChild = (input: ChildInput) =>
  api<FamilyMember>('/family/children', { method: 'POST', body: input, fallback: 'Failed to add the child' });

export const updateChild = (id: string, input: Partial<ChildInput>) =>
  api<FamilyMember>(`/family/children/${seg(id)}`, { method: 'PATCH', body: input, fallback: 'Failed to save the child' });

export const giveLogin = (id: string, email: string) =>
  api<FamilyMember>(`/family/children/${seg(id)}/login`, { method: 'POST', body: { email }, fallback: 'Failed to give a login' });

export const inviteGuardian = (input: { email: string; relationship?: string; childIds?: string[] }) =>
  api<GuardianInviteView>('/family/invites', { method: 'POST', body: input, fallback: 'Failed to send the invitation' });

export const revokeInvite = (id: string) =>
  api(`/family/invites/${seg(id)}`, { method: 'DELETE', fallback: 'Failed to revoke the invitation' });

export const acceptInvite = (token: string) =>
  api<{ children: FamilyMember[] }>('/family/invites/accept', {
    method: 'POST',
    body: { token },
    fallback: 'Failed to accept the invitation',
  });
