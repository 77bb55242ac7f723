/**
 * The Crust storage chain's nodes: mainnet, and the devnet's Crust chain on this machine (its
 * default port). A module of its own so that the app's configuration, read on the first paint,
 * takes the addresses without the Crust client's code.
 */
export const CRUST_MAINNET = 'wss://rpc.crust.network';
export const CRUST_DEVNET = 'ws://127.0.0.1:9945';
