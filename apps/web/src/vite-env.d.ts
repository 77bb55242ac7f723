/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'devnet' when built for the local devnet (npm start, e2e), else 'production'. */
  readonly VITE_PROFILE: 'devnet' | 'production';
  /** The origins the app is hosted on, comma-separated (see AppConfig.appOrigins). */
  readonly VITE_APP_ORIGINS?: string;
}
