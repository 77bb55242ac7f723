import { VitePWA } from 'vite-plugin-pwa';

/** The header's colour in each theme, for the browser's title bar and the installed app's frame. */
export const THEME_COLORS = { light: '#ffffff', dark: '#161b22' } as const;

/**
 * The installable app: a web app manifest and a service worker built on Workbox that precaches
 * the app shell and every route chunk. It caches nothing else: the chain, IPFS, libp2p, the
 * oracle and the releases API always go to the network (see docs/pwa.md). The same worker checks
 * the saved setups for renewal reminders when the user turned them on.
 */
export function pwaPlugin() {
  return VitePWA({
    // The app asks before it swaps in a new build ("Update available"), and registers the worker
    // itself after the first paint (src/app/pwa/register-worker.ts).
    registerType: 'prompt',
    injectRegister: false,
    // The manifest and its icons are precached by the plugin; the iOS home-screen icon is not in it.
    includeAssets: ['icons/apple-touch-icon-180.png'],
    manifest: {
      id: './',
      name: 'Robonomics Dapp',
      short_name: 'Robonomics',
      description:
        'Own and control your smart home through the Robonomics parachain, without corporate clouds.',
      lang: 'en',
      // Hash routes (./#/telemetry) all live under the page itself, wherever it is hosted.
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: THEME_COLORS.light,
      theme_color: THEME_COLORS.light,
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    // The worker is our own (src/app/pwa/sw.ts): Workbox's precaching and navigation route, as
    // the generated worker had them, and the renewal reminders. The build injects the list of
    // files to precache into it.
    strategies: 'injectManifest',
    srcDir: 'src/app/pwa',
    filename: 'sw.ts',
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg}'],
      // The largest route chunk (the chain client) is over Workbox's 2 MiB default.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      // A classic script: every browser with service workers runs it.
      rollupFormat: 'iife',
    },
  });
}
