import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { type HaStates, validateHaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useChain } from '../../../lib/chain-store.ts';
import { writeConfigEnvelope } from '../../../lib/home-config-cache.ts';
import { useGateways } from '../../../lib/ipfs-gateways.ts';
import { useToasts } from '../../../lib/toasts.ts';
import { useLatestRecord } from '../../../lib/use-latest-record.ts';
import { type HomeKeys, type LoadedHome, openHomeFile } from '../load-home.ts';
import { mergeSnapshot } from '../merge-snapshot.ts';
import type { PeerConnection } from '../peer-channel.ts';
import { chainSources, useCachedConfig, useLoadedHome } from './use-loaded-home.ts';
import {
  type ConnectionRequest,
  type ConnectionState,
  usePeerChannel,
} from './use-peer-channel.ts';

export type { ConnectionRequest, ConnectionState } from './use-peer-channel.ts';

export interface HomeState {
  /**
   * 'waiting': the controller's last record is not encrypted for this user (it was written
   * before the user became a device); the home loads with the next record the controller writes.
   */
  phase: 'idle' | 'loading' | 'waiting' | 'ready' | 'error';
  states: HaStates | null;
  config: HaConfig | null;
  error: string | null;
  updated: number | null;
  connection: ConnectionState;
  /** The peer channel while peer-to-peer is up. */
  peer: PeerConnection | null;
}

/** Calls `retry` when the user picks another gateway while `failed`. */
function useRetryOnGatewayChange(failed: boolean, retry: () => void) {
  const picked = useGateways().picked;
  const seen = useRef(picked);
  useEffect(() => {
    const before = seen.current;
    seen.current = picked;
    if (picked !== before && failed) retry();
  }, [picked, failed, retry]);
}

/**
 * The signed-in user's home: loaded from the chain and IPFS (with the config kept on this device
 * shown while it loads), then kept live by /update messages over peer-to-peer, or by the
 * controller's new datalog records when only the parachain is there.
 */
export function useHome(
  controller: string | null,
  user: KeyPair | null,
  userAddress: string | null,
  /** Peer-to-peer or the parachain, as the user chose; a new attempt reconnects. */
  connectionRequest?: ConnectionRequest,
): HomeState {
  const client = useChain((s) => s.client);
  const endpoint = useChain((s) => s.endpoint);
  const notify = useToasts((s) => s.notify);
  const keys = useMemo<HomeKeys | null>(
    () => (controller && user && userAddress ? { user, userAddress, controller } : null),
    [controller, user, userAddress],
  );
  const active = client !== null && keys !== null;

  // Another attempt: after a gateway change following an error, or with the controller's next
  // record while its last one is not readable for this user yet.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const cached = useCachedConfig(endpoint, active ? keys : null, attempt);
  const load = useLoadedHome(client, endpoint, active ? keys : null, attempt, notify);
  const loaded: LoadedHome | undefined = active ? load.data : undefined;
  const loadError = active && load.error ? load.error.message : null;
  const phase: HomeState['phase'] = !active
    ? 'idle'
    : loaded
      ? 'ready'
      : loadError === 'decryptMsg'
        ? 'waiting'
        : loadError
          ? 'error'
          : 'loading';
  useRetryOnGatewayChange(phase === 'error', retry);

  useEffect(() => {
    if (loaded?.configFile && controller)
      writeConfigEnvelope(endpoint, controller, loaded.configFile);
  }, [loaded, endpoint, controller]);

  // What the home shows: the loaded snapshot with every later one merged into it.
  const [live, setLive] = useState<{ base: LoadedHome; states: HaStates; time: number }>();
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;
  const showStates = useCallback((states: HaStates, time: number) => {
    const base = loadedRef.current;
    if (!base) return;
    setLive((shown) => ({
      base,
      states: mergeSnapshot(shown?.base === base ? shown.states : base.states, states, time),
      time,
    }));
  }, []);

  // The controller's new records: each is the CID of its new states, read when the home is
  // shown; while waiting, each is a new chance to load a record this user can read.
  const latest = useLatestRecord(active ? controller : null);
  const seenRecord = useRef(latest);
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  useEffect(() => {
    if (latest === seenRecord.current) return;
    seenRecord.current = latest;
    if (!latest || !client || !keys) return;
    if (phaseRef.current === 'waiting') {
      retry();
      return;
    }
    if (phaseRef.current !== 'ready') return;
    const base = loadedRef.current;
    void chainSources(client)
      .fetchText(latest.text.trim())
      .then((text) => openHomeFile(text, keys, validateHaStates))
      .then(
        (states) => loadedRef.current === base && showStates(states, latest.time),
        (error: Error) =>
          notify(error.message === 'decryptMsg' ? 'Error: decryptMsg' : error.message, {
            kind: 'error',
          }),
      );
  }, [latest, client, keys, retry, notify, showStates]);

  const config = loaded ? loaded.config : cached.config;
  const channel = usePeerChannel(
    phase === 'ready' && cached.settled,
    loaded ? (loaded.config ?? cached.config) : null,
    keys,
    notify,
    showStates,
    connectionRequest,
  );

  const shown = loaded && live?.base === loaded ? live : null;
  return {
    phase,
    states: loaded ? (shown?.states ?? loaded.states) : null,
    config: phase === 'idle' ? null : config,
    error: loadError,
    updated: loaded ? (shown?.time ?? loaded.time) : null,
    connection: channel.connection,
    peer: channel.peer,
  };
}
