import { DECRYPT_ERROR_TEXT } from '@robonomics-dapp/robonomics/crypto/box';
import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { type HaStates, validateHaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { HOME_NOT_LISTENING_TEXT } from '@robonomics-dapp/robonomics/p2p/home-call';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { appConfig } from '../../../lib/shell/config.ts';
import { useToasts } from '../../../lib/stores/toasts.ts';
import { type HomeKeys, openHomeFile } from '../load-home.ts';
import type { PeerConnection } from '../peer-channel.ts';
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

/**
 * The peer-to-peer channel to the controller named by `config`, opened once `start` is true:
 * /update messages arrive through `onStates`. Without a config, a peer id or a peer that answers,
 * or when the user chose the parachain, commands and updates go through the parachain. None of it
 * needs the chain: with the config kept on this device the home is reached while the parachain
 * node is away. `notListening` moves commands to the parachain when the home stops answering
 * them peer-to-peer (its states may still arrive over the open connection).
 */
export function usePeerChannel(
  start: boolean,
  config: HaConfig | null,
  keys: HomeKeys | null,
  notify: Notify,
  /** States that arrived, when, and their envelope as received (kept on this device). */
  onStates: (states: HaStates, time: number, kept: { update: string }) => void,
  request: ConnectionRequest = { type: 'libp2p', attempt: 0 },
): PeerChannelState & { notListening(detail: string): void } {
  const [state, setState] = useState<PeerChannelState>(NOT_CONNECTED);
  const notListening = useCallback(
    (_detail: string) => setState(parachain(HOME_NOT_LISTENING_TEXT)),
    [],
  );
  const onStatesRef = useRef(onStates);
  onStatesRef.current = onStates;

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
    // A new attempt starts from "Connecting", not from the last one's result.
    if (attempt > 0) setState(NOT_CONNECTED);
    // The connection belongs to this run of the effect: once it ends, nothing it reports applies.
    let ended = false;
    let open: PeerConnection | null = null;
    const connect = async () => {
      if (!config) throw new Error('Config not found');
      if (!config.peer_id) {
        notify('not found peer_id', { kind: 'error' });
        throw new Error('not found peer_id');
      }
      notify(`Connect to peer id ${config.peer_id}`, { step: PEER_STEP });
      // The libp2p stack loads here, once, behind this one boundary.
      const { connectPeer } = await import('../peer-channel.ts');
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
    connect().catch((error: unknown) => {
      useToasts.getState().finish(PEER_STEP);
      // No peer-to-peer: commands and updates go through the parachain.
      if (!ended) setState(parachain((error as Error).message));
    });
    return () => {
      ended = true;
      useToasts.getState().finish(PEER_STEP);
      void open?.close().catch(() => {});
    };
  }, [start, config, keys, notify, type, attempt]);

  return useMemo(() => ({ ...state, notListening }), [state, notListening]);
}
