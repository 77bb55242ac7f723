import { useId } from 'react';
import { useOwnedTwins } from '../lib/chain/use-owned-twins.ts';

/** 'Choose digital twin': the twins the account owns. */
export function TwinSelector({
  account,
  value,
  onChange,
}: {
  account: string | null;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const id = useId();
  const { twins, error } = useOwnedTwins(account);
  if (!account)
    return <p className="muted">Signer required: connect an account to see its twins.</p>;
  if (error) return <p className="error">{error}</p>;
  if (twins === undefined) {
    return (
      <p className="loading" role="status">
        Loading
      </p>
    );
  }
  if (twins.length === 0) return <p className="notice-warn">Digital twins do not exist</p>;
  return (
    <div className="stack-s">
      <label htmlFor={`${id}-twin`}>Choose digital twin</label>
      <select
        id={`${id}-twin`}
        className="input"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">Choose digital twin</option>
        {twins.map((twin) => (
          <option key={twin} value={twin}>
            Twin #{twin}
          </option>
        ))}
      </select>
    </div>
  );
}
