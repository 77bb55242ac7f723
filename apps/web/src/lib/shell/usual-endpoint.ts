import {
  chooseEndpoint,
  type EndpointChoice,
  RPC_STORAGE_KEY,
} from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { safeStorage } from '../storage/safe-storage.ts';
import { appConfig } from './config.ts';

/**
 * The endpoint the app uses unless a `?rpc=` link is accepted: the saved choice, else the build's
 * default. Its own module: the page's first script (first-data/head-script.ts) needs it too.
 */
export function usualChoice(): EndpointChoice {
  return chooseEndpoint({
    search: '',
    stored: safeStorage.get(RPC_STORAGE_KEY),
    fallback: appConfig.defaultEndpoint,
  });
}
