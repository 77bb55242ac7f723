import { useRef } from 'react';
import { Address } from '../../components/Address.tsx';
import { KeyIcon } from '../../components/icons.tsx';
import { usePopover } from '../../components/use-popover.ts';
import { useSavedKeys } from '../../lib/user-key/use-saved-keys.ts';

/**
 * "Locally saved keys": how many user keys are kept on this device ("Keep me signed in"), their
 * addresses, and forgetting each one; every open tab of the app updates at once. Shown only
 * while at least one key is kept.
 */
export function SavedKeysButton() {
  const { users, forget } = useSavedKeys();
  const popover = usePopover();
  const listRef = useRef<HTMLUListElement>(null);
  if (!users || users.length === 0) return null;
  const count = users.length;
  const label = `Locally saved keys: ${count}`;

  const onForget = async (user: string, index: number) => {
    await forget(user);
    // Focus moves to the next key's button, or back to the header button when the list empties.
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button.forget-key');
    const next = buttons?.[index + 1] ?? buttons?.[index - 1];
    if (next && count > 1) next.focus();
    else popover.close(false);
  };

  return (
    <div className="popover-host" ref={popover.hostRef}>
      <button
        type="button"
        className="button icon-button badge-host"
        aria-label={label}
        title="Locally saved keys"
        {...popover.trigger}
      >
        <KeyIcon />
        <span className="badge" aria-hidden="true">
          {count}
        </span>
      </button>
      {popover.open && (
        <div className="popover" id={popover.panelId} role="dialog" aria-label="Locally saved keys">
          <p className="small muted">
            User keys kept on this device ("Keep me signed in"). Forgetting one removes it from
            every tab; that user then signs in with the pass phrase again.
          </p>
          <ul className="plain-list" ref={listRef}>
            {users.map((user, index) => (
              <li key={user} className="row saved-key" data-testid="saved-key">
                <Address address={user} />
                <button
                  type="button"
                  className="button forget-key"
                  aria-label={`Forget the key of ${user}`}
                  onClick={() => void onForget(user, index)}
                >
                  Forget
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
