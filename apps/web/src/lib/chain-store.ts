import {
  ChainConnection,
  type ConnectionState,
  type RobonomicsClient,
} from '@robonomics-dapp/robonomics/chain/client';
import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/endpoint';
import { create } from 'zustand';
import { useEndpointStore } from './endpoint-store.ts';
import { DEV_WALLET, useWallet } from './wallet/wallet-store.ts';

interface ChainState {
  endpoint: string;
  state: ConnectionState;
  error: string | null;
  /** Set once connected and the metadata is loaded. */
  client: RobonomicsClient | null;
  /** The runtime's spec version: views of chain constants read it to follow an upgrade. */
  specVersion: number | null;
  /** Chain token decimals from the node (XRT: 9). */
  decimals: number;
  tokenSymbol: string;
}

let connection: ChainConnection | null = null;

export const useChain = create<ChainState>(() => ({
  endpoint: '',
  state: 'connecting',
  error: null,
  client: null,
  specVersion: null,
  decimals: 9,
  tokenSymbol: 'XRT',
}));

/** Connects to the endpoint (dropping any previous connection) and mirrors its state. */
function connect(endpoint: string) {
  const previous = connection;
  connection = new ChainConnection(endpoint);
  void previous?.disconnect();
  const current = connection;
  useChain.setState({
    endpoint,
    state: 'connecting',
    error: null,
    client: null,
    specVersion: null,
  });
  current.onChange(() => {
    if (connection !== current) return;
    useChain.setState({
      state: current.state,
      error: current.error,
      client: current.client,
      specVersion: current.specVersion,
    });
  });
  current.ready().then(
    async (client) => {
      const properties = await client.chainSpec.properties().catch(() => null);
      if (connection !== current) return;
      const decimals = Number(
        Array.isArray(properties?.tokenDecimals)
          ? properties.tokenDecimals[0]
          : properties?.tokenDecimals,
      );
      const symbol = Array.isArray(properties?.tokenSymbol)
        ? properties.tokenSymbol[0]
        : properties?.tokenSymbol;
      useChain.setState({
        client,
        specVersion: current.specVersion,
        state: current.state,
        decimals: Number.isInteger(decimals) ? decimals : 9,
        tokenSymbol: typeof symbol === 'string' ? symbol : 'XRT',
      });
    },
    () => {},
  );
}

let started = false;

/** Starts following the chosen endpoint; called once by the app root. */
export function startChain() {
  if (started) return;
  started = true;
  connect(useEndpointStore.getState().endpoint);
  useEndpointStore.subscribe((state, previous) => {
    if (state.endpoint === previous.endpoint) return;
    // Development keys must never follow the user to a real network.
    const wallet = useWallet.getState();
    if (wallet.wallet === DEV_WALLET && networkOfEndpoint(state.endpoint) !== 'local')
      wallet.disconnect();
    connect(state.endpoint);
  });
}
