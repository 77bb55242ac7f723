import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

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
 * Puts the page's first script (src/first-data/head-script.ts) inline in the head of index.html, after
 * the app's module script and before its stylesheet, so it runs while the HTML is parsed, before
 * the app's modules have arrived (docs/first-data.md). The Content-Security-Policy allows exactly
 * this script by its SHA-256 hash (scriptHashSource). The dev server loads the source as a module
 * before the app's.
 */
export function firstDataPlugin(define: Record<string, string>): FirstDataPlugin {
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
        return `${html.slice(0, at)}<script>${code}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}
