// `npm start`: installs what is missing, starts the devnet and the app, prints the URL.
import { ensureDeps } from './ensure-deps.mjs';
import { APP_URL, startStack } from './stack.mjs';

/**
 * What `--proxy` (after `--`) chose for the home's libp2p proxy, in words.
 * @param {string[]} argv
 */
function proxyText(argv) {
  const devnetArgs = argv.slice(argv.indexOf('--') + 1);
  const at = devnetArgs.indexOf('--proxy');
  const value =
    at === -1
      ? (devnetArgs
          .find((/** @type {string} */ a) => a.startsWith('--proxy='))
          ?.slice('--proxy='.length) ?? 'legacy')
      : devnetArgs[at + 1];
  if (value === 'current') return 'current (yamux, length-prefixed JSON)';
  if (value?.startsWith('external=')) return `external, at ${value.slice('external='.length)}`;
  return 'legacy (mplex, raw JSON: the proxy Home Assistant homes run; -- --proxy current for the newer style)';
}

try {
  ensureDeps();
  const argv = process.argv.slice(2);
  const { dataDir, startupMs } = await startStack(argv);
  console.log(`
Robonomics Dapp is running at ${APP_URL}
  the home's libp2p proxy: ${proxyText(argv)}
  devnet data: ${dataDir} (delete it, or run with -- --reset, to start from genesis)
  services up in ${(startupMs / 1000).toFixed(1)} s
Press Ctrl-C to stop everything.`);
} catch (error) {
  console.error(`npm start failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
