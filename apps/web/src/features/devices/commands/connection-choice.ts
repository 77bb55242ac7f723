import { readAccountRecords } from '../../../lib/storage/account-records.ts';
import { safeStorage } from '../../../lib/storage/safe-storage.ts';

/** How this browser reaches a home: peer-to-peer first, or only through the parachain. */
export type ConnectionChoice = 'libp2p' | 'parachain';

/**
 * The user's choice per setup owner; peer-to-peer when none was made. The entry is an object
 * keyed by the owner alone (not `endpoint|account`), read through account-records.ts like the
 * other per-account records; its key and format stay as they are, so choices users made survive.
 */
export const CONNECTION_CHOICE_KEY = 'robonomics-dapp.connection-type.v1';

/** Every owner's choice as kept, unchecked: a value is checked where it is read. */
const readAll = () => readAccountRecords(safeStorage.get(CONNECTION_CHOICE_KEY));

export function readConnectionChoice(owner: string | null): ConnectionChoice {
  if (!owner) return 'libp2p';
  return readAll()[owner] === 'parachain' ? 'parachain' : 'libp2p';
}

export function writeConnectionChoice(owner: string, choice: ConnectionChoice): void {
  safeStorage.set(CONNECTION_CHOICE_KEY, JSON.stringify({ ...readAll(), [owner]: choice }));
}
