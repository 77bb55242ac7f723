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
import { useCallback, useEffect, useState } from 'react';
import { appConfig } from '../../lib/config.ts';

export const CRUST_UNREACHABLE = 'The Crust network cannot be reached.';

export interface CrustConnection {
  /** Null until connected. */
  client: CrustClient | null;
  error: string | null;
  /** A fresh attempt after an error. */
  retry: () => void;
}

/**
 * A connection to the Crust chain while the page is open (this module loads with the page): the
 * error says whether the node cannot be reached or is not a storage network the client supports.
 */
export function useCrust(): CrustConnection {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ client: CrustClient | null; error: string | null }>({
    client: null,
    error: null,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reconnects on retry.
  useEffect(() => {
    let active = true;
    let client: CrustClient | null = null;
    setState({ client: null, error: null });
    connectCrust(appConfig.crustEndpoint)
      .then((c) => {
        // Reconnects after a drop gave up: say so and offer a retry.
        onCrustGaveUp(c, () => active && setState({ client: null, error: CRUST_UNREACHABLE }));
        return c;
      })
      .then(
        (c) => {
          client = c;
          if (active) setState({ client: c, error: null });
          else void c.disconnect().catch(() => {});
        },
        (error: unknown) =>
          active &&
          setState({
            client: null,
            // A node that answers but is no Crust market this client can use.
            error: error instanceof CrustUnsupportedError ? CRUST_UNSUPPORTED : CRUST_UNREACHABLE,
          }),
      );
    return () => {
      active = false;
      void client?.disconnect().catch(() => {});
    };
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

/**
 * A file's Crust order, followed block by block: undefined while loading, null when the file
 * has no order.
 */
export function useCrustFile(
  client: CrustClient | null,
  cid: string | null,
): { info: CrustFileInfo | null | undefined; error: string | null } {
  const [state, setState] = useState<{
    key: string | null;
    info: CrustFileInfo | null | undefined;
    error: string | null;
  }>({ key: null, info: undefined, error: null });
  useEffect(() => {
    if (!client || !cid) return;
    let active = true;
    let unsub: (() => Promise<void>) | null = null;
    subscribeCrustFile(
      client,
      cid,
      (info) => active && setState({ key: cid, info, error: null }),
    ).then(
      (u) => {
        unsub = u;
        if (!active) void u().catch(() => {});
      },
      () =>
        active && setState({ key: cid, info: undefined, error: 'The Crust order cannot be read.' }),
    );
    return () => {
      active = false;
      void unsub?.().catch(() => {});
    };
  }, [client, cid]);
  return state.key === cid
    ? { info: state.info, error: state.error }
    : { info: undefined, error: null };
}
