import { shortAddress } from '@robonomics-dapp/robonomics/chain/address';
import { useState } from 'react';

/** A short SS58 address with the full one on hover and a copy button. */
export function Address({ address, copy = true }: { address: string; copy?: boolean }) {
  const [copied, setCopied] = useState(false);
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <span className="address">
      <span className="mono" title={address}>
        {shortAddress(address)}
      </span>
      {copy && (
        <button
          type="button"
          className="button icon-button small"
          onClick={onCopy}
          aria-label={copied ? 'Address copied' : `Copy address ${address}`}
          title="Copy address"
        >
          <span aria-hidden="true">{copied ? '✓' : '⧉'}</span>
        </button>
      )}
    </span>
  );
}
