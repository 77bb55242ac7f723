// The devnet's sources bundled into one ES module with esbuild, made again whenever a source
// changed. Starting from it takes about a second less than loading every module through tsx's
// loader hooks, which counts for `npm start` and for the tests, which start many devnets.
// Packages stay outside the bundle, imported from the files they resolve to, except this
// workspace's own (their exports are TypeScript sources).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const devnet = fileURLToPath(new URL('..', import.meta.url));
const sources = [join(devnet, 'src'), join(devnet, '..', 'robonomics', 'src')];
const outDir = join(devnet, '.build');
const outFile = join(outDir, 'cli.mjs');
const stampFile = join(outDir, 'cli.stamp');

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

/** The bundle's path, made first when missing or older than a source. */
export async function bundledCli() {
  const stamp = fingerprint();
  let kept = '';
  try {
    kept = readFileSync(stampFile, 'utf8');
  } catch {
    // Not made yet.
  }
  if (kept === stamp) return outFile;
  const { build } = await import('esbuild');
  mkdirSync(outDir, { recursive: true });
  // Devnets started side by side may build at once: each writes its own file, then renames it.
  const partial = join(outDir, `cli.${process.pid}.mjs`);
  await build({
    entryPoints: [join(devnet, 'src', 'cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: partial,
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
  renameSync(partial, outFile);
  writeFileSync(stampFile, stamp);
  return outFile;
}
