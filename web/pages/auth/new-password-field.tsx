import { PASSWORD_MIN } from '#core/password-policy.ts';
import { Field, type FieldProps } from '#web/components/form-kit.tsx';

/** A new password or its confirmation: hidden, offered to password managers as new, the policy's minimum as its hint. */
export function NewPasswordField({ confirm, hint, ...props }: Omit<FieldProps, 'type' | 'autoComplete'> & { confirm?: boolean }) {
  const policy = confirm ? undefined : `At least ${PASSWORD_MIN} characters.`;
  return <Field type="password" autoComplete="new-password" hint={hint ?? policy} {...props} />;
}
