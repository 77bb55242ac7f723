import { useState } from 'react';
import { usePwa } from './pwa-store.ts';

/** "Update available — Reload" while a new build of the app waits to take over. */
export function UpdatePrompt() {
  const applyUpdate = usePwa((s) => s.applyUpdate);
  const [reloading, setReloading] = useState(false);
  if (!applyUpdate) return null;
  return (
    <div className="banner update-prompt" role="status" data-testid="update-prompt">
      <p>Update available: a new version of the app is ready.</p>
      <button
        type="button"
        className="button primary"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          void applyUpdate();
        }}
      >
        {reloading ? 'Reloading…' : 'Reload'}
      </button>
    </div>
  );
}
