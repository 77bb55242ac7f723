import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/client';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import type { HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { useEffect, useRef, useState } from 'react';
import { useChain } from '../../../lib/chain-store.ts';
import { appConfig } from '../../../lib/config.ts';
import { readConfigEnvelope, writeConfigEnvelope } from '../../../lib/home-config-cache.ts';
import { useToasts } from '../../../lib/toasts.ts';
import { type HomeKeys, type HomeSources, loadHome, openHomeFile } from '../load-home.ts';
import type { PeerConnection } from '../peer-channel.ts';

export interface ConnectionState {
  type: 'libp2p' | 'parachain';
  connected: boolean;
  /** 'via relay' for a relayed peer connection. */
  status: string | null;
  /** The way commands and updates travel: through a relay, directly, or through the chain. */
  path: 'relay' | 'direct' | 'parachain' | null;
}

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

const initial: HomeState = {
  phase: 'idle',
  states: null,
  config: null,
  error: null,
  updated: null,
  connection: { type: 'libp2p', connected: false, status: null, path: null },
  peer: null,
};

// Loaded with the home, so the page's own code stays small.
const loadGateways = () => import('../../../lib/ipfs-gateways.ts');

function chainSources(client: RobonomicsClient): HomeSources {
  return {
    lastRecord: async (account) => {
      const { fetchLastDatalog } = await import(
        '@robonomics-dapp/robonomics/chain/queries/last-datalog'
      );
      return fetchLastDatalog(client, account);
    },
    twinTopics: async (id) => {
      const { fetchTwinTopics } = await import(
        '@robonomics-dapp/robonomics/chain/queries/twin-topics'
      );
      const [topics] = await fetchTwinTopics(client, [id]);
      return topics ?? [];
    },
    // Through the fastest working gateway (docs/ipfs-gateways.md).
    fetchText: async (cid) => (await loadGateways()).readIpfsText(cid),
  };
}

/**
 * The signed-in user's home: loaded from the chain and IPFS, then kept live by /update messages
 * over peer-to-peer, or by the controller's new datalog records when only the parachain is there.
 */
export function useHome(
  controller: string | null,
  user: KeyPair | null,
  userAddress: string | null,
) {
  const client = useChain((s) => s.client);
  const endpoint = useChain((s) => s.endpoint);
  const notify = useToasts((s) => s.notify);
  const [home, setHome] = useState<HomeState>(initial);
  const statesRef = useRef<HaStates | null>(null);

  // Picking another gateway after the home failed to load loads it again.
  const [attempt, setAttempt] = useState(0);
  const failed = useRef(false);
  failed.current = home.phase === 'error';
  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    void loadGateways().then(({ gatewaySelector }) => {
      if (!active) return;
      let picked = gatewaySelector.snapshot().picked;
      unsubscribe = gatewaySelector.subscribe((snapshot) => {
        if (snapshot.picked === picked) return;
        picked = snapshot.picked;
        if (failed.current) setAttempt((n) => n + 1);
      });
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` loads the home again.
  useEffect(() => {
    if (!client || !controller || !user || !userAddress) {
      setHome(initial);
      return;
    }
    let active = true;
    const cleanups: Array<() => void | Promise<void>> = [];
    const keys: HomeKeys = { user, userAddress, controller };
    const sources = chainSources(client);
    setHome({ ...initial, phase: 'loading' });
    // The cache holds the config's encrypted envelope; it is opened here, in memory only.
    const cached = readConfigEnvelope(endpoint, controller);
    let cachedConfig: HaConfig | null = null;
    const openCached = cached
      ? import('@robonomics-dapp/robonomics/home-assistant/config')
          .then(({ validateHaConfig }) => openHomeFile(cached.envelope, keys, validateHaConfig))
          .then(
            (config) => {
              cachedConfig = config;
              if (active) setHome((h) => (h.config ? h : { ...h, config }));
            },
            () => {},
          )
      : Promise.resolve();

    // Loaded with the home, so the page's own chunk stays small.
    let merge: typeof import('../merge-snapshot.ts').mergeSnapshot = (_, next) => next;
    const showStates = (states: HaStates, time: number) => {
      statesRef.current = merge(statesRef.current, states, time);
      setHome((h) => ({ ...h, states: statesRef.current, updated: time }));
    };

    const connectToPeer = async (config: HaConfig) => {
      if (!config.peer_id) {
        notify('not found peer_id', { kind: 'error' });
        throw new Error('not found peer_id');
      }
      notify(`Connect to peer id ${config.peer_id}`);
      const { connectPeer } = await import('../peer-channel.ts');
      const { validateHaStates } = await import(
        '@robonomics-dapp/robonomics/home-assistant/states'
      );
      const parachain = () =>
        active &&
        setHome((h) => ({
          ...h,
          peer: null,
          connection: { type: 'parachain', connected: true, status: null, path: 'parachain' },
        }));
      const peer = await connectPeer(config, appConfig.relays, {
        onUpdate: async (data) => {
          try {
            const states = await openHomeFile(JSON.stringify(data), keys, validateHaStates);
            if (active) showStates(states, Date.now());
            return true;
          } catch {
            notify('Error: decryptMsg', { kind: 'error' });
            return false;
          }
        },
        onClosed: () =>
          active && setHome((h) => ({ ...h, connection: { ...h.connection, connected: false } })),
        onReconnected: (again) =>
          active &&
          setHome((h) => ({
            ...h,
            peer: again,
            connection: {
              type: 'libp2p',
              connected: true,
              status: again.status,
              path: again.path,
            },
          })),
        // Out of reach peer-to-peer: commands and updates go through the parachain.
        onReconnectFailed: parachain,
      });
      if (!active) {
        await peer.close();
        return;
      }
      cleanups.push(() => peer.close());
      notify('Connected', { kind: 'success' });
      setHome((h) => ({
        ...h,
        peer,
        connection: { type: 'libp2p', connected: true, status: peer.status, path: peer.path },
      }));
    };

    const followChain = async () => {
      const [{ subscribeDatalogRecords }, { validateHaStates }] = await Promise.all([
        import('@robonomics-dapp/robonomics/chain/subscriptions/datalog-records'),
        import('@robonomics-dapp/robonomics/home-assistant/states'),
      ]);
      const unsub = await subscribeDatalogRecords(client, controller, (record) => {
        sources
          .fetchText(record.text.trim())
          .then((text) => openHomeFile(text, keys, validateHaStates))
          .then(
            (states) => active && showStates(states, record.time),
            (error: Error) =>
              notify(error.message === 'decryptMsg' ? 'Error: decryptMsg' : error.message, {
                kind: 'error',
              }),
          );
      });
      cleanups.push(unsub);
    };

    loadHome(sources, keys, (text) => notify(text))
      .then(async (loaded) => {
        merge = (await import('../merge-snapshot.ts')).mergeSnapshot;
        if (!active) return;
        statesRef.current = loaded.states;
        if (loaded.configFile) writeConfigEnvelope(endpoint, controller, loaded.configFile);
        setHome((h) => ({
          ...h,
          phase: 'ready',
          states: loaded.states,
          config: loaded.config,
          updated: loaded.time,
        }));
        await followChain();
        await openCached;
        const config = loaded.config ?? cachedConfig;
        try {
          if (!config) throw new Error('Config not found');
          await connectToPeer(config);
        } catch {
          // No peer-to-peer: commands and updates go through the parachain.
          if (active)
            setHome((h) => ({
              ...h,
              peer: null,
              connection: { type: 'parachain', connected: true, status: null, path: 'parachain' },
            }));
        }
      })
      .catch(async (error: Error) => {
        if (!active) return;
        notify(error.message === 'decryptMsg' ? 'Error: decryptMsg' : `Error: ${error.message}`, {
          kind: 'error',
        });
        if (error.message !== 'decryptMsg') {
          setHome((h) => ({ ...h, phase: 'error', error: error.message }));
          return;
        }
        // Not readable for this user yet: the controller encrypts each record for the devices
        // it knows then. Ask again with its next record instead of giving up.
        setHome((h) => ({ ...h, phase: 'waiting', error: error.message }));
        const { subscribeDatalogRecords } = await import(
          '@robonomics-dapp/robonomics/chain/subscriptions/datalog-records'
        );
        if (!active) return;
        const unsub = await subscribeDatalogRecords(client, controller, () => {
          if (active) setAttempt((n) => n + 1);
        });
        if (active) cleanups.push(unsub);
        else void unsub().catch(() => {});
      });

    return () => {
      active = false;
      statesRef.current = null;
      for (const cleanup of cleanups) void Promise.resolve(cleanup()).catch(() => {});
    };
  }, [client, endpoint, controller, user, userAddress, notify, attempt]);

  return home;
}
