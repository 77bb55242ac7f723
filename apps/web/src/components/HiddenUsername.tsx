import type { ReactNode } from 'react';

/**
 * The account a password form's password belongs to, for password managers: browsers look for a
 * username field in every password form (Chromium's console names forms without one). Hidden
 * where the page shows the account in its own way.
 */
export function HiddenUsername({ value }: { value: string }) {
  return (
    <input type="text" name="username" autoComplete="username" value={value} readOnly hidden />
  );
}

/**
 * A password field with its label and the account it belongs to (HiddenUsername); `rule`, when
 * given, is shown under it and named as its description. `fresh` for a password chosen here
 * (new-password), else one the user already has (current-password).
 */
export function PasswordField({
  id,
  account,
  label,
  labelClass,
  value,
  onChange,
  fresh,
  rule,
}: {
  id: string;
  account: string;
  label: ReactNode;
  labelClass?: string;
  value: string;
  onChange: (value: string) => void;
  fresh: boolean;
  rule?: ReactNode;
}) {
  return (
    <>
      <HiddenUsername value={account} />
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="password"
        className="input"
        autoComplete={fresh ? 'new-password' : 'current-password'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={rule ? `${id}-rule` : undefined}
      />
      {rule && (
        <p id={`${id}-rule`} className="small muted">
          {rule}
        </p>
      )}
    </>
  );
}
