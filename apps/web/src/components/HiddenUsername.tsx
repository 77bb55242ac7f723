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
