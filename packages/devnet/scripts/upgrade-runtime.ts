import { parseArgs } from 'node:util';
import { parseConstantArguments, upgradeRuntime } from '../src/levers/upgrade-runtime.ts';

// Upgrades the running devnet chain's runtime, as a governance upgrade would on a real chain:
//   npx tsx packages/devnet/scripts/upgrade-runtime.ts RWS.MinimalBid=5000000000
//   npx tsx packages/devnet/scripts/upgrade-runtime.ts --url ws://127.0.0.1:9944 --spec-version 50
//   npx tsx packages/devnet/scripts/upgrade-runtime.ts --without RWS.transfer
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: 'ws://127.0.0.1:9944' },
    'spec-version': { type: 'string' },
    without: { type: 'string', multiple: true },
  },
});

try {
  const specVersion =
    values['spec-version'] === undefined ? undefined : Number(values['spec-version']);
  const { specVersion: now, blockHash } = await upgradeRuntime(values.url!, {
    specVersion,
    constants: parseConstantArguments(positionals),
    withoutCalls: values.without,
  });
  console.log(`runtime upgraded to spec version ${now} in block ${blockHash}`);
} catch (error) {
  console.error(`upgrade-runtime: ${(error as Error).message}`);
  process.exitCode = 1;
}
