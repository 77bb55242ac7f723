import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstDataPlugin } from './first-data-plugin.ts';
import { pwaPlugin } from './pwa.config.ts';
import { routePaths } from './src/lib/shell/route-table.ts';

const profile = process.env.VITE_PROFILE === 'devnet' ? 'devnet' : 'production';
const define = { 'import.meta.env.VITE_PROFILE': JSON.stringify(profile) };

/** No page may show the app in a frame. */
const FRAME_HEADERS = {
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
};

/**
 * Content-Security-Policy for the built app (docs/architecture.md). Scripts come from the app's
 * origin, plus the page's one inline script allowed by its hash. Users may choose their own RPC
 * node, so any wss:/https: host is allowed for connections; loopback is allowed for a local node
 * or the devnet.
 */
function contentSecurityPolicy(inlineScriptHash: () => string): Plugin {
  const loopback = 'ws://127.0.0.1:* ws://localhost:* http://127.0.0.1:* http://localhost:*';
  const policy = () =>
    [
      "default-src 'self'",
      `script-src 'self' ${inlineScriptHash()} 'wasm-unsafe-eval'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https: http://127.0.0.1:*",
      `connect-src 'self' wss: https: ${loopback}`,
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'none'",
    ].join('; ');
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: policy() },
        injectTo: 'head-prepend',
      },
    ],
  };
}

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// The daily page, opened first thing by returning users: the page's first script adds its
// stylesheets at once (src/first-data/route-styles.ts).
const firstData = firstDataPlugin(define, {
  [routePaths.devices]: [source('./src/features/devices/components/DevicesPage.tsx')],
});

export default defineConfig({
  // Relative asset paths: the app is hosted as static files on IPFS under any path.
  base: './',
  plugins: [
    react(),
    contentSecurityPolicy(() => firstData.scriptHashSource()),
    firstData,
    pwaPlugin(),
  ],
  define,
  build: {
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    // Everything the entry imports statically comes as one file with it. Left alone, the bundler
    // splits what the entry shares with lazy chunks (React, the stores, the endpoint rules) into
    // ten small files, each a request of its own, through the service worker on a warm visit,
    // before any module can run (docs/first-data.md, "One file for the shell").
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
    },
  },
  // Where the server sets headers (the devnet build, the dev server), framing is refused there
  // too; static hosting without headers relies on the app's own check (lib/shell/frame-guard.ts).
  server: { host: '127.0.0.1', port: 5173, strictPort: true, headers: FRAME_HEADERS },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true, headers: FRAME_HEADERS },
});
