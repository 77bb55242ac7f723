import { safeStorage } from '../../../lib/storage/safe-storage.ts';

/** How this browser reaches a home: peer-to-peer first, or only through the parachain. */
export type ConnectionChoice = 'libp2p' | 'parachain';

/** The user's choice per setup owner; peer-to-peer when none was made. */
export const CONNECTION_CHOICE_KEY = 'robonomics-dapp.connection-type.v1';

function readAll(): Record<string, ConnectionChoice> {
  try {
    const parsed = JSON.parse(safeStorage.get(CONNECTION_CHOICE_KEY) ?? '{}') as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, ConnectionChoice>)
      : {};
  } catch {
    return {};
  }
}

export function readConnectionChoice(owner: string | null): ConnectionChoice {
  if (!owner) return 'libp2p';
  return readAll()[owner] === 'parachain' ? 'parachain' : 'libp2p';
}

export function writeConnectionChoice(owner: string, choice: ConnectionChoice): void {
  safeStorage.set(CONNECTION_CHOICE_KEY, JSON.stringify({ ...readAll(), [owner]: choice }));
}
