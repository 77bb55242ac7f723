import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';
import { ROUTE_STYLES_ID } from './src/first-data/route-styles.ts';

const ENTRY = fileURLToPath(new URL('./src/first-data/head-script.ts', import.meta.url));

export interface FirstDataPlugin extends Plugin {
  /** The script's CSP hash source ('sha256-…'), known once the build has started. */
  scriptHashSource(): string;
}

/** Builds src/first-data/head-script.ts alone into one small classic script with all it imports. */
async function buildScript(define: Record<string, string>): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    define,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: ENTRY, formats: ['iife'], name: 'robonomicsFirstData' },
    },
  });
  const chunk = (Array.isArray(output) ? output : [output])
    .flatMap((o) => ('output' in o ? o.output : []))
    .find((item) => item.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('The first-data head script was not built.');
  // Inline in the page: "</" must not end the script element early.
  return chunk.code.trim().replaceAll('</', '<\\/');
}

/**
 * The stylesheets (relative to the page) that a route's modules load: those of each module's
 * chunk and of every chunk it imports statically, the entry's own left out.
 */
export function routeStyles(bundle: Rollup.OutputBundle, modules: readonly string[]): string[] {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: Rollup.OutputChunk[]) => {
    const seen = new Set<string>();
    const visit = (chunk: Rollup.OutputChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next) visit(next);
      }
    };
    for (const chunk of start) visit(chunk);
    return seen;
  };
  const entry = closure(chunks.filter((chunk) => chunk.isEntry));
  const starts = modules.map((module) => {
    const chunk =
      chunks.find((c) => c.facadeModuleId === module) ??
      chunks.find((c) => c.moduleIds.includes(module));
    if (!chunk) throw new Error(`${module} is in no chunk of the build.`);
    return chunk;
  });
  const cssOf = (file: string) => [
    ...((byFile.get(file) as { viteMetadata?: { importedCss: Set<string> } } | undefined)
      ?.viteMetadata?.importedCss ?? []),
  ];
  const entryCss = new Set([...entry].flatMap(cssOf));
  const styles = [...closure(starts)].flatMap(cssOf).filter((file) => !entryCss.has(file));
  return [...new Set(styles)];
}

/**
 * Puts the page's first script (src/first-data/head-script.ts) inline in the head of index.html, after
 * the app's module script and before its stylesheet, so it runs while the HTML is parsed, before
 * the app's modules have arrived (docs/first-data.md). The Content-Security-Policy allows exactly
 * this script by its SHA-256 hash (scriptHashSource). The dev server loads the source as a module
 * before the app's.
 */
export function firstDataPlugin(
  define: Record<string, string>,
  routeModules: Record<string, readonly string[]> = {},
): FirstDataPlugin {
  let code = '';
  return {
    name: 'first-data-head-script',
    async buildStart() {
      if (this.meta.watchMode) return;
      code = await buildScript(define);
    },
    scriptHashSource() {
      if (!code) throw new Error('The first-data head script is built when the build starts.');
      return `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.server) {
          return [
            {
              tag: 'script',
              attrs: { type: 'module', src: '/src/first-data/head-script.ts' },
              injectTo: 'head',
            },
          ];
        }
        // After the app's module script and preloads, whose downloads then start first (the
        // parser runs nothing else while an inline script runs), and before the stylesheet: an
        // inline script after a stylesheet would wait for it.
        const at = html.search(/<link rel="stylesheet"|<\/head>/);
        if (at < 0) throw new Error('index.html has no head to put the first-data script in.');
        // The stylesheets of each listed route's page, which the script adds on that route (a
        // data block, not a script that runs: the policy's hash does not concern it).
        const styles = Object.fromEntries(
          Object.entries(routeModules).map(([route, modules]) => [
            route,
            context.bundle ? routeStyles(context.bundle, modules) : [],
          ]),
        );
        const data = JSON.stringify(styles).replaceAll('<', '\\u003c');
        return `${html.slice(0, at)}<script type="application/json" id="${ROUTE_STYLES_ID}">${data}</script>\n    <script>${code}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}
