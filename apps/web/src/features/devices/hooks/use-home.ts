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
  /** Commands go through the parachain from now on: the home stopped listening peer-to-peer. */
  notListening(detail: string): void;
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
 * The config the peer channel dials: the same object while the home's peer id and addresses
 * stay the same, so a config loaded from the chain after the kept one does not reconnect.
 */
function useDialConfig(config: HaConfig | null): HaConfig | null {
  const kept = useRef<{ key: string; config: HaConfig } | null>(null);
  if (!config) return null;
  const key = JSON.stringify([config.peer_id, config.libp2p_multiaddress]);
  if (kept.current?.key !== key) kept.current = { key, config };
  return kept.current.config;
}

/** The newest snapshot that arrived live (an /update or a new record), and what it is shown on. */
interface LiveStates {
  /** Whose home it is: another user or controller makes it stale. */
  keys: HomeKeys | null;
  /** The loaded home it was merged into; null when it arrived before the chain's. */
  base: LoadedHome | null;
  /** What it arrived as, without history. */
  snapshot: HaStates;
  /** The home as shown: the base's states with every live snapshot merged in. */
  states: HaStates;
  time: number;
}

/**
 * The signed-in user's home. It is reached two ways that need nothing of each other: from the
 * chain and IPFS (the controller's last record and its twin's config), and peer-to-peer from the
 * config kept on this device (the home's proxy sends its last states as soon as the app connects).
 * Either one shows the home; with the parachain node away, the peer-to-peer one does alone. It is
 * then kept live by /update messages, or by the controller's new datalog records when only the
 * parachain is there.
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
  const onChain = client !== null && keys !== null;

  // Another attempt: after a gateway change following an error, or with the controller's next
  // record while its last one is not readable for this user yet.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const cached = useCachedConfig(endpoint, keys, attempt);
  const load = useLoadedHome(client, endpoint, onChain ? keys : null, attempt, notify);
  const loaded: LoadedHome | undefined = onChain ? load.data : undefined;
  const loadError = onChain && load.error ? load.error.message : null;

  useEffect(() => {
    if (loaded?.configFile && controller)
      writeConfigEnvelope(endpoint, controller, loaded.configFile);
  }, [loaded, endpoint, controller]);

  // What arrived live, merged into the loaded home when there is one.
  const [arrived, setLive] = useState<LiveStates | null>(null);
  // Another user or controller: nothing of the last one's home stays.
  const live = arrived && arrived.keys === keys ? arrived : null;
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;
  const keysRef = useRef(keys);
  keysRef.current = keys;
  const showStates = useCallback((snapshot: HaStates, time: number) => {
    const base = loadedRef.current ?? null;
    const owner = keysRef.current;
    setLive((shown) => {
      const previous =
        shown && shown.keys === owner && shown.base === base
          ? shown.states
          : (base?.states ?? null);
      return { keys: owner, base, snapshot, states: mergeSnapshot(previous, snapshot, time), time };
    });
  }, []);

  const shown = useMemo((): { states: HaStates; time: number } | null => {
    if (!loaded) return live;
    if (!live) return loaded;
    if (live.base === loaded) return live;
    // Live states that came before the chain's home, or with an older one: newer ones win.
    return live.time > loaded.time
      ? { states: mergeSnapshot(loaded.states, live.snapshot, live.time), time: live.time }
      : loaded;
  }, [loaded, live]);

  const phase: HomeState['phase'] = !keys
    ? 'idle'
    : shown
      ? 'ready'
      : loadError === 'decryptMsg'
        ? 'waiting'
        : loadError
          ? 'error'
          : 'loading';
  useRetryOnGatewayChange(phase === 'error', retry);

  // The controller's new records: each is the CID of its new states, read when the home is
  // shown; while waiting, each is a new chance to load a record this user can read.
  const latest = useLatestRecord(onChain ? controller : null);
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

  const config = loaded?.config ?? cached.config;
  // The channel dials as soon as a config is known: the kept one at once, else the chain's. Once
  // the chain's home is loaded without a config, it starts anyway and settles on the parachain.
  const dialConfig = useDialConfig(config);
  const channel = usePeerChannel(
    keys !== null && cached.settled && (dialConfig !== null || loaded !== undefined),
    dialConfig,
    keys,
    notify,
    showStates,
    connectionRequest,
  );

  return {
    phase,
    states: shown?.states ?? null,
    config: keys ? config : null,
    error: loadError,
    updated: shown?.time ?? null,
    connection: channel.connection,
    peer: channel.peer,
    notListening: channel.notListening,
  };
}
