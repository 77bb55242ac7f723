import { shortAddress } from '@robonomics-dapp/robonomics/chain/model/short-address';
import { useState } from 'react';
import { CheckIcon } from './icons.tsx';

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
          {copied ? (
            <CheckIcon width="14" height="14" />
          ) : (
            <svg
              aria-hidden="true"
              width="14"
              height="14"
              viewBox="0 0 16 16"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            >
              <rect x="5" y="5" width="9" height="9" rx="1.5" />
              <path d="M11 5V3.5A1.5 1.5 0 0 0 9.5 2h-6A1.5 1.5 0 0 0 2 3.5v6A1.5 1.5 0 0 0 3.5 11H5" />
            </svg>
          )}
        </button>
      )}
    </span>
  );
}
