import { OfflineScreen } from './OfflineScreen.tsx';
import { useOffline } from './offline-state.ts';

/** While offline, says what still works and what needs a connection. */
export function OfflineNotice() {
  return useOffline() ? <OfflineScreen /> : null;
}
