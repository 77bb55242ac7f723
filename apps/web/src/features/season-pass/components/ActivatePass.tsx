import type { TokenView } from '../hooks/use-season-pass-tokens.ts';
import { tokenStatusTexts } from '../season-pass-status.ts';

/** The activation state of one pass: its local status in words and, until activated, the button. */
export function ActivatePass({
  token,
  onActivate,
}: {
  token: TokenView;
  onActivate: (tokenId: bigint) => void;
}) {
  const busy = token.status === 'ACTIVATION_STARTED';
  return (
    <>
      {token.status !== 'INIT' && (
        <p
          className={token.status === 'ACTIVATION_NOT_SUCCESSFULL' ? 'error small' : 'small'}
          role="status"
        >
          {token.message ?? tokenStatusTexts[token.status]}
        </p>
      )}
      {!token.activated && (
        <button
          type="button"
          className="button primary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => onActivate(token.tokenId)}
        >
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? 'Activating…' : 'Activate'}
        </button>
      )}
    </>
  );
}
