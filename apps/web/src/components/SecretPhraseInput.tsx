import { type InputHTMLAttributes, useState } from 'react';

/**
 * A field for a secret phrase (mnemonic, dev URI or seed). Not a password field: browsers offer
 * to save what is typed into one in their password manager, from where it may sync to a cloud
 * account and be filled in elsewhere (docs/security.md). The text is masked by default, with a
 * button to show it; spelling, capitals and autofill are off, and password managers that honour
 * these attributes are asked to ignore the field.
 */
export function SecretPhraseInput({
  id,
  value,
  onChange,
  className = '',
  ...rest
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <div className="row secret-field">
      <input
        {...rest}
        id={id}
        type="text"
        className={`input ${className} ${shown ? '' : 'masked'}`}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        data-1p-ignore=""
        data-lpignore="true"
        data-bwignore=""
        data-form-type="other"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <button
        type="button"
        className="button"
        aria-controls={id}
        aria-label={`${shown ? 'Hide' : 'Show'} the phrase`}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
