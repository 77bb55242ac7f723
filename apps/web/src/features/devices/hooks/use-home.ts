import { DECRYPT_ERROR_TEXT, DecryptError } from '@robonomics-dapp/robonomics/crypto/box';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { type HaStates, validateHaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLatestRecord } from '../../../lib/chain/use-latest-record.ts';
import { readIpfsText, useGateways } from '../../../lib/files/ipfs-gateways.ts';
import {
  writeConfigEnvelope,
  writeKeptStatesFile,
} from '../../../lib/storage/home-config-cache.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { useToasts } from '../../../lib/stores/toasts.ts';
import { useUserKey } from '../../../lib/user-key/user-key-store.ts';
import { NotPublishedError } from '../api/home-record.ts';
import { type HomeKeys, type LoadedHome, openHomeFile } from '../api/load-home.ts';
import { dialKey } from '../commands/config-follow.ts';
import type { PeerConnection } from '../commands/peer-channel.ts';
import { markHome } from '../first-paint/home-marks.ts';
import { sealAndKeepHomeSnapshot } from '../first-paint/home-snapshot.ts';
import { useHomeSnapshot, useKeptConfig, useKeptStates } from './use-kept-home.ts';
import { homeBase, useLiveStates } from './use-live-states.ts';
import { useHomeRecord, useLoadedHome } from './use-loaded-home.ts';
import {
  type ConnectionRequest,
  type ConnectionState,
  usePeerChannel,
} from './use-peer-channel.ts';
import { useTwinConfig, useWatchedConfig } from './use-watched-config.ts';

export type { ConnectionRequest, ConnectionState } from './use-peer-channel.ts';

export interface HomeState {
  /**
   * 'waiting': the home cannot be shown yet and the page waits for it by itself (see `waiting`).
   */
  phase: 'idle' | 'loading' | 'waiting' | 'ready' | 'error';
  /**
   * What the page waits for: 'unpublished', the controller's first publication (it has no
   * datalog record yet); 'unreadable', the controller's next record (its last one was written
   * before this user became a device, so it is not encrypted for them).
   */
  waiting: 'unpublished' | 'unreadable' | null;
  states: HaStates | null;
  config: HaConfig | null;
  error: string | null;
  /** When the shown states were current, ms; null before any arrived. */
  updated: number | null;
  /**
   * Whether the shown states came over the network on this visit (the chain and IPFS, or
   * peer-to-peer); false while they are the copy kept on this device.
   */
  live: boolean;
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
function useDialConfig(config: HaConfig | null): { config: HaConfig | null; seenAt: number } {
  const kept = useRef<{ key: string; config: HaConfig; seenAt: number } | null>(null);
  if (!config) return { config: null, seenAt: 0 };
  const key = dialKey(config);
  if (kept.current?.key !== key) kept.current = { key, config, seenAt: Date.now() };
  return kept.current;
}

/**
 * The signed-in user's home. It is reached in ways that need nothing of each other, started
 * together: the copy kept on this device (shown at once, marked as not live), the chain and IPFS
 * (the controller's last record, read before the key is open when a user is `expected`, and its
 * twin's config), and peer-to-peer from the kept config (the home's proxy sends its last states
 * as soon as the app connects). Any one shows the home; with the parachain node away, the kept
 * copy and the peer-to-peer path do alone. It is then kept live by /update messages, or by the
 * controller's new datalog records. A home that has not published yet is waited for: its next
 * record, its twin's config (then peer-to-peer) and its updates.
 */
export function useHome(
  controller: string | null,
  user: KeyPair | null,
  userAddress: string | null,
  /** Peer-to-peer or the parachain, as the user chose; a new attempt reconnects. */
  connectionRequest?: ConnectionRequest,
  /** A user is selected whose key may open soon: the home's files are read meanwhile. */
  expected = false,
  /**
   * The user whose key is open or being opened from this device: the home sealed on this device
   * for them is shown before the key is open. Null after a sign-out, or when no key is kept.
   */
  sealedFor: string | null = null,
): HomeState {
  const endpoint = useChain((s) => s.endpoint);
  const notify = useToasts((s) => s.notify);
  const keys = useMemo<HomeKeys | null>(
    () => (controller && user && userAddress ? { user, userAddress, controller } : null),
    [controller, user, userAddress],
  );

  // Another attempt: after a gateway change following an error, or with the controller's next
  // record while its last one is not readable for this user (or not there) yet.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useHomeRecord(endpoint, keys || expected ? controller : null, attempt);
  const keptConfig = useKeptConfig(endpoint, keys);
  const sealed = useHomeSnapshot(endpoint, controller, sealedFor);
  // The view sealed on this device opens first; the kept envelopes replace it once open.
  const kept = useKeptStates(endpoint, keys) ?? sealed;
  const load = useLoadedHome(endpoint, keys, attempt, notify);
  const loaded: LoadedHome | undefined = keys ? load.data : undefined;
  const loadFailure = keys && load.error ? load.error : null;
  const loadError = loadFailure?.message ?? null;
  // A record this user cannot open (not a recipient yet, or another home's): the page waits.
  const unreadable = loadFailure instanceof DecryptError;

  useEffect(() => {
    if (!loaded || !controller) return;
    if (loaded.configFile) writeConfigEnvelope(endpoint, controller, loaded.configFile);
    writeKeptStatesFile(endpoint, controller, { time: loaded.time, envelope: loaded.statesFile });
  }, [loaded, endpoint, controller]);

  const base = useMemo(() => homeBase(loaded, kept), [loaded, kept]);
  const { shown, live, showStates, currentBase } = useLiveStates(endpoint, keys, base);
  const fromNetwork = loaded !== undefined || live !== null;
  /** Whether the home's live updates arrive peer-to-peer now (set once the channel is known). */
  const peerLiveRef = useRef(false);

  const unpublished = loadFailure instanceof NotPublishedError;
  // A home to show is shown, the home snapshot before the key is open too.
  const phase: HomeState['phase'] = shown
    ? 'ready'
    : !keys
      ? 'idle'
      : unreadable || unpublished
        ? 'waiting'
        : loadError
          ? 'error'
          : 'loading';
  useRetryOnGatewayChange(!!loadError && !unpublished && !unreadable, retry);

  // The controller's new records: each is the CID of its new states, read when the home is
  // shown; while waiting, each is a new chance to load a record this user can read.
  const latest = useLatestRecord(keys ? controller : null);
  const seenRecord = useRef(latest);
  const loadedTime = loaded?.time ?? null;
  useEffect(() => {
    if (latest === seenRecord.current) return;
    // Looked at once the home is shown or waited for: a record that came while it was loading
    // may be newer than the one the load read.
    if (latest && keys && (phase === 'loading' || phase === 'idle')) return;
    seenRecord.current = latest;
    if (!latest || !keys) return;
    // The newest record when following began: nothing new if it is the one loaded.
    if (latest.time === loadedTime) return;
    if (phase === 'waiting') {
      retry();
      return;
    }
    if (phase !== 'ready') return;
    const on = currentBase();
    void readIpfsText(latest.text.trim())
      .then(async (text) => ({ text, states: await openHomeFile(text, keys, validateHaStates) }))
      .then(
        ({ text, states }) =>
          currentBase() === on &&
          // Live updates coming peer-to-peer are newer than the file: it brings its history.
          showStates(states, latest.time, { file: text, olderThanLive: peerLiveRef.current }),
        (error: Error) =>
          notify(error instanceof DecryptError ? DECRYPT_ERROR_TEXT : error.message, {
            kind: 'error',
          }),
      );
  }, [latest, keys, phase, loadedTime, retry, notify, showStates, currentBase]);

  // A home that has not published: its config is looked for on its twin meanwhile.
  const watched = useWatchedConfig(unpublished && !keptConfig.config ? keys : null);
  // A home that has: its twin is followed, so a newer config (the proxy said hello late, or came
  // back with a new identity) reaches the channel without a reload.
  const twinId = shown?.states.twin_id;
  const followed = useTwinConfig(keys, twinId !== undefined && twinId >= 0 ? twinId : null);
  const config = followed ?? loaded?.config ?? keptConfig.config ?? watched;
  // The channel dials as soon as a config is known: the kept one at once, else the chain's. Once
  // the chain's home is loaded without a config, it starts anyway and settles on the parachain.
  const dial = useDialConfig(config);
  const channel = usePeerChannel(
    keys !== null && keptConfig.settled && (dial.config !== null || loaded !== undefined),
    dial.config,
    keys,
    notify,
    showStates,
    connectionRequest,
    dial.seenAt,
  );

  // (A home that stops listening moves the channel to the parachain.)
  peerLiveRef.current = channel.connection.type === 'libp2p' && channel.connection.connected;

  // The home as shown, sealed for the next visit (not the snapshot itself, shown again).
  const sealingKey = useUserKey((s) => s.sealingKey);
  useEffect(() => {
    if (!shown || !keys || !sealingKey || shown === sealed) return;
    sealAndKeepHomeSnapshot(
      sealingKey,
      { user: keys.userAddress, endpoint, controller: keys.controller, time: shown.time },
      shown.states,
    );
  }, [shown, sealed, keys, sealingKey, endpoint]);

  useEffect(() => {
    if (config) markHome('config');
    if (shown) markHome('states');
    if (channel.connection.type === 'libp2p' && channel.connection.connected) markHome('libp2p');
  }, [config, shown, channel.connection]);

  return {
    phase,
    waiting: phase !== 'waiting' ? null : unpublished ? 'unpublished' : 'unreadable',
    states: shown?.states ?? null,
    config: keys ? config : null,
    error: loadError,
    updated: shown?.time ?? null,
    live: fromNetwork,
    connection: channel.connection,
    peer: channel.peer,
    notListening: channel.notListening,
  };
}
