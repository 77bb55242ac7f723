#!/usr/bin/env node
// Runs the devnet's TypeScript CLI: from its bundle (bundle.mjs), or through tsx when
// DEVNET_FROM_SOURCES=1 (or when the bundle cannot be made, which tsx then reports in its words).
import { pathToFileURL } from 'node:url';

let entry = null;
if (process.env.DEVNET_FROM_SOURCES !== '1') {
  const { bundledCli } = await import('./bundle.mjs');
  entry = await bundledCli().catch(() => null);
}
if (entry) {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(entry).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
