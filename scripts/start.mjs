// `npm start`: installs what is missing, starts the devnet and the app, prints the URL.
import { ensureDeps } from './ensure-deps.mjs';
import { APP_URL, startStack } from './stack.mjs';

try {
  ensureDeps();
  const { dataDir, startupMs } = await startStack(process.argv.slice(2));
  console.log(`
Robonomics Dapp is running at ${APP_URL}
  devnet data: ${dataDir} (delete it, or run with -- --reset, to start from genesis)
  services up in ${(startupMs / 1000).toFixed(1)} s
Press Ctrl-C to stop everything.`);
} catch (error) {
  console.error(`npm start failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
