import { UpdateProfileInput } from '#core/auth/profile.ts';
import { issuesByField } from './profile-card.tsx';

/** The server's own check of a profile save, run before sending so the card shows the same words at once. */
export function profileProblems(body: Record<string, unknown>) {
  const result = UpdateProfileInput.safeParse(body);
  return result.success ? {} : issuesByField(result.error.issues);
}
