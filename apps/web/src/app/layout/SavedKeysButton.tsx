import { useRef } from 'react';
import { Address } from '../../components/Address.tsx';
import { KeyIcon } from '../../components/icons.tsx';
import { usePopover } from '../../components/use-popover.ts';
import { useSavedSetups } from '../../lib/stores/saved-setups.ts';
import { useSavedKeys } from '../../lib/user-key/use-saved-keys.ts';

/**
 * "Locally saved keys": how many keys are kept on this device (user keys of "Keep me signed in",
 * encrypted controller keys kept for setup files), what they are, and forgetting each one; every open
 * tab of the app updates at once. Shown only while at least one key is kept.
 */
export function SavedKeysButton() {
  const { users: kept, forget } = useSavedKeys();
  const setups = useSavedSetups((s) => s.setups);
  const forgetControllerKeys = useSavedSetups((s) => s.forgetControllerKeys);
  const popover = usePopover();
  const listRef = useRef<HTMLUListElement>(null);
  const users = kept ?? [];
  const controllers = setups.filter((s) => s.controller?.keystore);
  const count = users.length + controllers.length;
  if (count === 0) return null;
  const label = `Locally saved keys: ${count}`;

  const onForget = async (drop: () => Promise<void> | void, index: number) => {
    await drop();
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
            Keys kept on this device: user keys ("Keep me signed in") and encrypted controller keys.
            Forgetting one removes it from every tab; a user then signs in with the pass phrase
            again, a controller key is then only in its downloaded file.
          </p>
          <ul className="plain-list" ref={listRef}>
            {users.map((user, index) => (
              <li key={user} className="row saved-key" data-testid="saved-key">
                <Address address={user} />
                <button
                  type="button"
                  className="button forget-key"
                  aria-label={`Forget the key of ${user}`}
                  onClick={() => void onForget(() => forget(user), index)}
                >
                  Forget
                </button>
              </li>
            ))}
            {controllers.map((setup, i) => (
              <li
                key={`${setup.network}:${setup.owner}`}
                className="row saved-key"
                data-testid="saved-key"
              >
                <span className="small">
                  Controller key of «{setup.name}» (
                  <Address address={setup.controller!.address} />)
                </span>
                <button
                  type="button"
                  className="button forget-key"
                  aria-label={`Forget the controller key of ${setup.name}`}
                  onClick={() =>
                    void onForget(
                      () => forgetControllerKeys({ owner: setup.owner, network: setup.network }),
                      users.length + i,
                    )
                  }
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
