import { api } from '#web/lib/api.ts';
import { closeLiveEvents } from '#web/lib/live-events.ts';
import { renewingSession } from '#web/lib/session-ended.ts';
import { clearSession, rememberUser, saveSession, tokenFrom, userFrom, type SessionUser } from '#web/lib/session.ts';

/** The caller's own record as GET /api/auth/me answers it. */
export type ProfileUser = SessionUser & {
  profile?: ProfileFields;
  profilePicture?: string | null;
  socialLinks?: Record<string, string | null | undefined>;
  emergencyContact?: { name?: string; relationship?: string; phone?: string; email?: string };
};

/** The stored profile: what this screen edits, and `grade`/`location`, which it only shows. */
export type ProfileFields = {
  firstName?: string;
  lastName?: string;
  phone?: string;
  dateOfBirth?: string;
  address?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
  timezone?: string;
  grade?: string;
  location?: {
    city?: string | null;
    state?: string | null;
    country?: string | null;
    countryCode?: string | null;
    detectedAt?: string | null;
    detectionMethod?: string | null;
  } | null;
  [key: string]: unknown;
};

const kept = (body: { user?: unknown; data?: unknown }) => {
  const user = userFrom(body) as ProfileUser | null;
  if (user) rememberUser(user);
  return user;
};

export const readMe = (signal?: AbortSignal) => api('/auth/me', { signal, fallback: 'Failed to load your profile' }).then(kept);

/** PUT /api/auth/update-profile; the answer's user becomes the session's (the header shows the new name). */
export const saveProfile = (body: Record<string, unknown>) =>
  api('/auth/update-profile', { method: 'PUT', body, fallback: 'Failed to save your profile' }).then(kept);

export function uploadPicture(picture: Blob) {
  const form = new FormData();
  form.append('file', picture, 'profile-picture.jpg');
  return api('/auth/upload-asset/profile-picture', { method: 'POST', body: form, fallback: 'Failed to upload file' }).then(kept);
}

export const deletePicture = () =>
  api('/auth/upload-asset/profile-picture', { method: 'DELETE', fallback: 'Failed to remove the picture' }).then(kept);

/** Every other session ends; this one goes on with the token the answer carries. */
export function changePassword(body: { currentPassword: string; newPassword: string; confirmPassword: string }) {
  return renewingSession(
    (async () => {
      const answer = await api('/auth/update-password', { method: 'POST', body, fallback: 'Failed to change the password' });
      const token = tokenFrom(answer);
      const user = userFrom(answer);
      if (token && user) saveSession(token, user);
      return answer.message ?? 'Password updated successfully';
    })(),
  );
}

/** The server ends every session; this page forgets it too. */
export async function deactivateAccount(password: string) {
  const answer = await api('/auth/deactivate', { method: 'POST', body: { password }, fallback: 'Failed to deactivate the account' });
  closeLiveEvents();
  clearSession();
  return answer.message ?? 'Your account has been deactivated.';
}

/** The school's settings say whether it is Canadian (its currency or locale): addresses then default to Canada. */
export const readSchoolIsCanadian = (signal?: AbortSignal) =>
  api<{ currency?: string; currencyLocale?: string }>('/settings', { signal, fallback: 'Failed to load settings' }).then(
    (b) => b.data?.currency === 'CAD' || (b.data?.currencyLocale ?? '').endsWith('-CA'),
    () => false,
  );
