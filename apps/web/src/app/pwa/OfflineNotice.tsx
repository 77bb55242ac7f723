import { OfflineScreen } from './OfflineScreen.tsx';
import { useOnline } from './use-online.ts';

/** While the browser is offline, says what still works and what needs a connection. */
export function OfflineNotice() {
  return useOnline() ? null : <OfflineScreen />;
}
