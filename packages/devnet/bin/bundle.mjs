// The devnet's sources bundled with esbuild, made again whenever a source changed. Starting from
// it takes about a second less than loading every module through tsx's loader hooks, which counts
// for `npm start` and for the tests, which start many devnets. Packages stay outside the bundle,
// imported from the files they resolve to, except this workspace's own (their exports are
// TypeScript sources). Split at the services' dynamic imports: a devnet loads the code (and the
// packages) of the services it starts only.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const devnet = fileURLToPath(new URL('..', import.meta.url));
const sources = [join(devnet, 'src'), join(devnet, '..', 'robonomics', 'src')];
const buildRoot = join(devnet, '.build');
/** Builds older than this, of other sources, are removed (a devnet still running one is long gone). */
const KEEP_OLD_BUILDS_MS = 60 * 60 * 1000;

/** Every source file's path, size and time: a change to any of them makes a new bundle. */
function fingerprint() {
  const hash = createHash('sha256');
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!/\.test\.tsx?$/.test(entry.name)) {
        const { size, mtimeMs } = statSync(path);
        hash.update(`${path}\0${size}\0${mtimeMs}\n`);
      }
    }
  };
  for (const dir of sources) walk(dir);
  return hash.digest('hex');
}

/**
 * The bundle's entry, made first when missing or older than a source. Each version of the sources
 * has its own folder, never changed once made: a running devnet loads its services' chunks later,
 * from the folder it started from, whatever another process builds meanwhile.
 */
export async function bundledCli() {
  const stamp = fingerprint().slice(0, 16);
  const outDir = join(buildRoot, stamp);
  const outFile = join(outDir, 'cli.mjs');
  if (existsSync(outFile)) return outFile;
  const { build } = await import('esbuild');
  mkdirSync(buildRoot, { recursive: true });
  // Devnets started side by side may build at once: each writes its own folder, then renames it.
  const partial = join(buildRoot, `partial-${process.pid}-${Date.now()}`);
  await build({
    entryPoints: { cli: join(devnet, 'src', 'cli.ts') },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: partial,
    outExtension: { '.js': '.mjs' },
    sourcemap: 'inline',
    logLevel: 'error',
    plugins: [
      {
        name: 'devnet-sources',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.pluginData === 'resolving' || args.path.startsWith('@robonomics-dapp/')) {
              return undefined;
            }
            const found = await builder.resolve(args.path, {
              kind: args.kind,
              resolveDir: args.resolveDir,
              importer: args.importer,
              pluginData: 'resolving',
            });
            // Imported from the file it resolves to from its importer (a workspace may have its
            // own copy of a package); builtins by name.
            if (found.errors.length > 0 || found.external) return { external: true };
            return { path: found.path, external: true };
          });
          // Files found beside a source (the runtime, fixtures) are found from the source's place.
          builder.onLoad({ filter: /\.ts$/ }, (args) => ({
            contents: readFileSync(args.path, 'utf8').replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(args.path).href),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  try {
    renameSync(partial, outDir);
  } catch {
    // Another process made the same version first: its folder is the same.
    rmSync(partial, { recursive: true, force: true });
  }
  removeOldBuilds(stamp);
  return outFile;
}

/** Removes the folders of other versions older than an hour, and partial builds left behind. */
function removeOldBuilds(current) {
  const now = Date.now();
  for (const entry of readdirSync(buildRoot, { withFileTypes: true })) {
    if (entry.name === current) continue;
    const path = join(buildRoot, entry.name);
    try {
      if (now - statSync(path).mtimeMs > KEEP_OLD_BUILDS_MS) {
        rmSync(path, { recursive: true, force: true });
      }
    } catch {
      // Removed by another process meanwhile.
    }
  }
}
