import { fetchLastDatalog } from '@robonomics-dapp/robonomics/chain/queries/last-datalog';
import { fetchTwinMap } from '@robonomics-dapp/robonomics/chain/queries/twin-map';
import { readIpfsText } from '../../../lib/files/ipfs-gateways.ts';
import { readStorage } from '../../../lib/stores/chain-store.ts';
import type { HomeSources } from './home-record.ts';

/**
 * Where the home is read from: the chain's storage by key as soon as the node's socket is open
 * (no wait for the client's metadata), and IPFS through the fastest working gateway
 * (docs/ipfs-gateways.md).
 */
export const homeSources: HomeSources = {
  lastRecord: (account) => fetchLastDatalog(readStorage, account),
  twinTopics: (id) => fetchTwinMap(readStorage, id),
  fetchText: (cid) => readIpfsText(cid),
};
