import { Field, type Errors } from '#web/components/form-kit.tsx';
import { AUTH_MESSAGES } from '#core/auth/messages.ts';
import { passwordProblem } from '#core/password-policy.ts';
import { NewPasswordField } from '#web/pages/auth/new-password-field.tsx';
import { ProfileCard, UsernameHint } from './profile-card.tsx';
import { changePassword } from './profile-api.ts';

/** The same checks and words as POST /api/auth/update-password (core/auth/account.ts). */
function passwordErrors(v: Record<string, string>): Errors {
  const errors: Errors = {};
  if (!v.currentPassword) errors.currentPassword = AUTH_MESSAGES.currentPasswordRequired;
  const problem = v.newPassword ? passwordProblem(v.newPassword) : AUTH_MESSAGES.newPasswordRequired;
  if (problem) errors.newPassword = problem;
  if (!v.confirmPassword) errors.confirmPassword = AUTH_MESSAGES.confirmPasswordRequired;
  else if (v.newPassword !== v.confirmPassword) errors.confirmPassword = AUTH_MESSAGES.passwordsMismatch;
  return errors;
}

/** Current password, then the new one twice; other devices are signed out, this one stays signed in. */
export function PasswordCard({ email }: { email: string }) {
  return (
    <ProfileCard
      id="pf-password"
      title="Password"
      intro={<p className="field-hint">Changing it signs you out on your other devices.</p>}
      submitLabel="Change password"
      busyLabel="Changing…"
      check={passwordErrors}
      save={async (v, form) => {
        const message = await changePassword({
          currentPassword: v.currentPassword ?? '',
          newPassword: v.newPassword ?? '',
          confirmPassword: v.confirmPassword ?? '',
        });
        form.reset();
        return message;
      }}
    >
      {(errors) => (
        <>
          <UsernameHint email={email} />
          <Field
            id="pf-current-password"
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword}
          />
          <NewPasswordField id="pf-new-password" name="newPassword" label="New password" error={errors.newPassword} />
          <NewPasswordField
            id="pf-confirm-password"
            name="confirmPassword"
            label="Confirm new password"
            confirm
            error={errors.confirmPassword}
          />
        </>
      )}
    </ProfileCard>
  );
}
