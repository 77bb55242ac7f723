import {
  DEFAULT_PARACHAIN_ENDPOINT,
  LOCAL_DEVNET_ENDPOINT,
} from '@robonomics-dapp/robonomics/chain/endpoint';

/** Where the app's services are, per build profile (ARCHITECTURE §4). */
export interface AppConfig {
  profile: 'devnet' | 'production';
  /** Chain endpoint used when neither `?rpc=` nor a saved choice exists. */
  defaultEndpoint: string;
  /** The "latest release" API the footer reads. */
  releasesUrl: string;
  /** Where the legacy /v0 routes send the browser. */
  legacyAppUrl: string;
}

const productionConfig: AppConfig = {
  profile: 'production',
  defaultEndpoint: DEFAULT_PARACHAIN_ENDPOINT,
  releasesUrl: 'https://api.github.com/repos/airalab/robonomics.app/releases/latest',
  legacyAppUrl: 'https://v0.dapp.robonomics.network/',
};

const devnetConfig: AppConfig = {
  ...productionConfig,
  profile: 'devnet',
  defaultEndpoint: LOCAL_DEVNET_ENDPOINT,
  releasesUrl: 'http://127.0.0.1:8788/repos/airalab/robonomics.app/releases/latest',
};

export const appConfig: AppConfig =
  import.meta.env.VITE_PROFILE === 'devnet' ? devnetConfig : productionConfig;
