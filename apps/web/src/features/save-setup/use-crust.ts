import {
  CRUST_UNSUPPORTED,
  CrustUnsupportedError,
} from '@robonomics-dapp/robonomics/crust/chain-description';
import {
  type CrustClient,
  connectCrust,
  onCrustGaveUp,
} from '@robonomics-dapp/robonomics/crust/client';
import {
  type CrustFileInfo,
  subscribeCrustFile,
} from '@robonomics-dapp/robonomics/crust/file-info';
import { useCallback, useState } from 'react';
import type { Subscribe } from '../../lib/chain/live-chain.ts';
import { useLiveValue } from '../../lib/chain/use-chain-subscription.ts';
import { appConfig } from '../../lib/shell/config.ts';

export const CRUST_UNREACHABLE = 'The Crust network cannot be reached.';

export interface CrustConnection {
  /** Null until connected. */
  client: CrustClient | null;
  error: string | null;
  /** A fresh attempt after an error. */
  retry: () => void;
}

type CrustState = Omit<CrustConnection, 'retry'>;

/** What the connection is kept under in the shared live store: one per page, whoever reads it. */
const crustNetwork = {};

const connect: Subscribe<CrustState, object> = async (_network, set) => {
  let client: CrustClient;
  try {
    client = await connectCrust(appConfig.crustEndpoint);
  } catch (error) {
    // A node that answers but is no Crust market this client can use.
    set({
      client: null,
      error: error instanceof CrustUnsupportedError ? CRUST_UNSUPPORTED : CRUST_UNREACHABLE,
    });
    return () => {};
  }
  // Reconnects after a drop gave up: say so and offer a retry.
  onCrustGaveUp(client, () => set({ client: null, error: CRUST_UNREACHABLE }));
  set({ client, error: null });
  return () => client.disconnect();
};

/**
 * A connection to the Crust chain while the page is open (this module loads with the page): the
 * error says whether the node cannot be reached or is not a storage network the client supports.
 */
export function useCrust(): CrustConnection {
  const [attempt, setAttempt] = useState(0);
  const { value } = useLiveValue(
    crustNetwork,
    `crust:${appConfig.crustEndpoint}#${attempt}`,
    connect,
  );
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { client: value?.client ?? null, error: value?.error ?? null, retry };
}

/** A stable name for a Crust client in query keys (a client is no plain value to hash). */
const clientIds = new WeakMap<CrustClient, number>();
let lastClientId = 0;
export function crustClientId(client: CrustClient | null): number | null {
  if (!client) return null;
  let id = clientIds.get(client);
  if (id === undefined) {
    id = ++lastClientId;
    clientIds.set(client, id);
  }
  return id;
}

/**
 * A file's Crust order, followed block by block and shared by every reader of the same file:
 * undefined while loading, null when the file has no order.
 */
export function useCrustFile(
  client: CrustClient | null,
  cid: string | null,
): { info: CrustFileInfo | null | undefined; error: string | null } {
  const { value, error } = useLiveValue<CrustFileInfo | null, CrustClient>(
    client,
    cid ? `crust-file:${cid}` : null,
    (c, set) =>
      subscribeCrustFile(c, cid!, set).catch(() => {
        throw new Error('The Crust order cannot be read.');
      }),
  );
  return { info: error ? undefined : value, error };
}
