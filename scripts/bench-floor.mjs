// The floor page of the price bench: a plain React + dedot page showing the dashboard's two values
// (scripts/floor-page), built by Vite into a temporary folder of the bench's own and served from
// there on loopback. It is what our stack costs without the first reads, the snapshot and the
// shell, and is measured beside the app by `npm run bench` (docs/first-data.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';

const source = fileURLToPath(new URL('./floor-page/', import.meta.url));
/** Where the floor page is served (a loopback port the stack does not use). */
export const FLOOR_PORT = 5180;
/** What the floor page shows with the price; nothing else on it has the token's symbol. */
export const FLOOR_TEXT = 'XRT';

/**
 * Builds the floor page into a new temporary folder and serves it; `close` stops the server and
 * removes the folder.
 * @returns {Promise<{ url: string, text: string, outDir: string, close(): Promise<void> }>}
 */
export async function serveFloorPage() {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  /** @type {import('vite').InlineConfig} */
  const common = { root: source, configFile: false, logLevel: 'warn' };
  try {
    await build({
      ...common,
      base: './',
      build: { outDir, emptyOutDir: true, target: 'es2022' },
    });
    const server = await preview({
      ...common,
      build: { outDir },
      preview: { host: '127.0.0.1', port: FLOOR_PORT, strictPort: true },
    });
    return {
      url: `http://127.0.0.1:${FLOOR_PORT}/`,
      text: FLOOR_TEXT,
      outDir,
      close: async () => {
        await server.close();
        rmSync(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}
