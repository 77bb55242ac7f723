/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'devnet' when built for the local devnet (npm start, e2e), else 'production'. */
  readonly VITE_PROFILE: 'devnet' | 'production';
  /** The origins the app is hosted on, comma-separated (see AppConfig.appOrigins). */
  readonly VITE_APP_ORIGINS?: string;
  /** Nodes asked for a second opinion before the public ones, comma-separated (see AppConfig). */
  readonly VITE_SECOND_OPINION_NODES?: string;
}
