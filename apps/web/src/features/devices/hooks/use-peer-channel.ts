import { DECRYPT_ERROR_TEXT } from '@robonomics-dapp/robonomics/crypto/box';
import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { type HaStates, validateHaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { HOME_NOT_LISTENING_TEXT } from '@robonomics-dapp/robonomics/p2p/home-call';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { appConfig } from '../../../lib/shell/config.ts';
import { useToasts } from '../../../lib/stores/toasts.ts';
import { formatTime } from '../../../lib/time/format-date.ts';
import { type HomeKeys, openHomeFile } from '../api/load-home.ts';
import { noPeerReason } from '../commands/config-follow.ts';
import type { PeerConnection } from '../commands/peer-channel.ts';
import type { Notify } from './use-loaded-home.ts';

export interface ConnectionState {
  type: 'libp2p' | 'parachain';
  connected: boolean;
  /** 'via relay' for a relayed peer connection. */
  status: string | null;
  /** The way commands and updates travel: through a relay, directly, or through the chain. */
  path: 'relay' | 'direct' | 'parachain' | null;
  /** Why the parachain is used although peer-to-peer was asked for (null when it was chosen). */
  note: string | null;
  /** The home connection's stream multiplexer ('/mplex/6.7.0', '/yamux/1.0.0'), peer-to-peer. */
  multiplexer: string | null;
}

export interface PeerChannelState {
  connection: ConnectionState;
  /** The peer channel while peer-to-peer is up. */
  peer: PeerConnection | null;
}

export const NOT_CONNECTED: PeerChannelState = {
  connection: {
    type: 'libp2p',
    connected: false,
    status: null,
    path: null,
    note: null,
    multiplexer: null,
  },
  peer: null,
};

/** Commands and updates through the parachain; `note` says why when it was not chosen. */
const parachain = (note: string | null = null): PeerChannelState => ({
  connection: {
    type: 'parachain',
    connected: true,
    status: null,
    path: 'parachain',
    note,
    multiplexer: null,
  },
  peer: null,
});

/** 'Connect to peer id …' stays until the connection is made or given up. */
const PEER_STEP = 'peer';

const connectedTo = (peer: PeerConnection): PeerChannelState => ({
  peer,
  connection: {
    type: 'libp2p',
    connected: true,
    status: peer.status,
    path: peer.path,
    note: null,
    multiplexer: peer.multiplexer ?? null,
  },
});

/** The user's connection choice and a counter that, when it changes, connects anew. */
export interface ConnectionRequest {
  type: 'libp2p' | 'parachain';
  attempt: number;
}

/** The least time between the starts of two dials (the reconnect delay): no dial storm. */
export const REDIAL_GAP_MS = 10_000;

/**
 * The peer-to-peer channel to the controller named by `config`, opened once `start` is true:
 * /update messages arrive through `onStates`. Without a config, a peer id or a peer that answers,
 * or when the user chose the parachain, commands and updates go through the parachain. None of it
 * needs the chain: with the config kept on this device the home is reached while the parachain
 * node is away. `notListening` moves commands to the parachain when the home stops answering
 * them peer-to-peer (its states may still arrive over the open connection).
 *
 * It follows the config (docs/devices-page.md, "Following the config"): a config naming another
 * peer or other addresses, or a peer where the last named none, is dialled anew while the
 * parachain carries commands; a connection to a peer it no longer names is closed. One dial at a
 * time, and a new one starts at least REDIAL_GAP_MS after the last one began.
 */
export function usePeerChannel(
  start: boolean,
  config: HaConfig | null,
  keys: HomeKeys | null,
  notify: Notify,
  /**
   * States that arrived, when, and their envelope as received (kept on this device); returns
   * false when they were not shown (older than those on screen).
   */
  onStates: (states: HaStates, time: number, kept: { update: string }) => boolean,
  request: ConnectionRequest = { type: 'libp2p', attempt: 0 },
  /** When this page got `config` (ms), said with the reason when it names no peer. */
  configSeenAt = 0,
): PeerChannelState & { notListening(detail: string): void } {
  const [state, setState] = useState<PeerChannelState>(NOT_CONNECTED);
  const notListening = useCallback(
    (_detail: string) => setState(parachain(HOME_NOT_LISTENING_TEXT)),
    [],
  );
  const onStatesRef = useRef(onStates);
  onStatesRef.current = onStates;
  /** The last dial: when it began and until it settles (one at a time). */
  const lastDial = useRef<{ at: number; settled: Promise<unknown> } | null>(null);
  const askedAttempt = useRef(request.attempt);
  const seenAtRef = useRef(configSeenAt);
  seenAtRef.current = configSeenAt;

  const { type, attempt } = request;
  useEffect(() => {
    if (!start || !keys) {
      setState(NOT_CONNECTED);
      return;
    }
    if (type === 'parachain') {
      setState(parachain());
      return;
    }
    if (!config?.peer_id) {
      if (config) notify('not found peer_id', { kind: 'error' });
      // Nothing to dial: the parachain, until a newer config names the home's peer.
      setState(
        parachain(noPeerReason(config, seenAtRef.current ? formatTime(seenAtRef.current) : null)),
      );
      return;
    }
    // A Reconnect the user asked for (a new attempt) starts from "Connecting", not from the last
    // one's result; a newer config leaves commands on the parachain until its peer answers.
    const asked = attempt !== askedAttempt.current;
    askedAttempt.current = attempt;
    if (asked) setState(NOT_CONNECTED);
    else
      setState((s) =>
        s.connection.type === 'libp2p' && s.connection.connected
          ? parachain("Connecting to the home's peer of its newer config.")
          : s,
      );
    // The connection belongs to this run of the effect: once it ends, nothing it reports applies.
    let ended = false;
    let open: PeerConnection | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      notify(`Connect to peer id ${config.peer_id}`, { step: PEER_STEP });
      // The libp2p stack loads here, once, behind this one boundary.
      const { connectPeer } = await import('../commands/peer-channel.ts');
      const peer = await connectPeer(config, appConfig.relays, {
        onUpdate: async (data) => {
          try {
            const envelope = JSON.stringify(data);
            const states = await openHomeFile(envelope, keys, validateHaStates);
            if (!ended) onStatesRef.current(states, Date.now(), { update: envelope });
            return true;
          } catch {
            notify(DECRYPT_ERROR_TEXT, { kind: 'error' });
            return false;
          }
        },
        onClosed: () =>
          !ended && setState((s) => ({ ...s, connection: { ...s.connection, connected: false } })),
        onReconnected: (again) => !ended && setState(connectedTo(again)),
        // Out of reach peer-to-peer: commands and updates go through the parachain.
        onReconnectFailed: () =>
          !ended && setState(parachain('The home could not be reached again peer-to-peer.')),
      });
      if (ended) {
        await peer.close();
        return;
      }
      open = peer;
      notify('Connected', { kind: 'success', step: PEER_STEP });
      setState(connectedTo(peer));
    };
    const dial = async () => {
      // One dial at a time: the one before (for an older config) settles first.
      await lastDial.current?.settled;
      if (ended) return;
      const settled = connect().catch((error: unknown) => {
        useToasts.getState().finish(PEER_STEP);
        // No peer-to-peer: commands and updates go through the parachain.
        if (!ended) setState(parachain((error as Error).message));
      });
      lastDial.current = { at: Date.now(), settled };
      await settled;
    };
    const since = lastDial.current ? Date.now() - lastDial.current.at : Number.POSITIVE_INFINITY;
    // A Reconnect asked by the user goes at once; a newer config waits for the gap.
    if (asked || since >= REDIAL_GAP_MS) void dial();
    else timer = setTimeout(() => void dial(), REDIAL_GAP_MS - since);
    return () => {
      ended = true;
      clearTimeout(timer);
      useToasts.getState().finish(PEER_STEP);
      void open?.close().catch(() => {});
    };
  }, [start, config, keys, notify, type, attempt]);

  return useMemo(() => ({ ...state, notListening }), [state, notListening]);
}
