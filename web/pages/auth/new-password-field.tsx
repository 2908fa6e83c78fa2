import { PASSWORD_MIN } from '#core/password-policy.ts';
import { Field, type FieldProps } from '#web/components/form-kit.tsx';

/** A new password or its confirmation: hidden, offered to password managers as new, the policy's minimum as its hint. */
export function NewPasswordField({ confirm, hint, ...props }: Omit<FieldProps, 'type' | 'autoComplete'> & { confirm?: boolean }) {
  const policy = confirm ? undefined : `At least ${PASSWORD_MIN} characters.`;
  return <Field type="password" autoComplete="new-password" hint={hint ?? policy} {...props} />;
}

type PairProps = {
  /** Ids are `<idPrefix>-<name in kebab case>` and `<idPrefix>-confirm-password`. */
  idPrefix: string;
  name: string;
  label: string;
  confirmLabel: string;
  hint?: string;
  errors: Record<string, string | undefined>;
};

/** The new password and its confirmation (`confirmPassword`), as the register and reset forms ask for them. */
export function NewPasswordPair({ idPrefix, name, label, confirmLabel, hint, errors }: PairProps) {
  const kebab = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return (
    <>
      <NewPasswordField id={`${idPrefix}-${kebab}`} name={name} label={label} hint={hint} error={errors[name]} />
      <NewPasswordField
        id={`${idPrefix}-confirm-password`}
        name="confirmPassword"
        label={confirmLabel}
        confirm
        error={errors.confirmPassword}
      />
    </>
  );
}
