// Renders the app's icons (apps/web/icons/*.svg) to the PNG sizes install prompts and home
// screens ask for, into apps/web/public/icons. Run once after changing an SVG and commit the PNGs:
//   node scripts/make-icons.mjs
// It uses Debian's Chromium through Playwright (nothing is downloaded).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'apps', 'web', 'icons');
const target = join(root, 'apps', 'web', 'public', 'icons');

/** @type {[svg: string, png: string, size: number][]} [svg source, png name, size in px] */
const ICONS = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'maskable-512.png', 512],
  // iOS ignores the manifest's icons and asks for a 180 px apple-touch-icon without transparency.
  ['icon-maskable.svg', 'apple-touch-icon-180.png', 180],
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const [svg, png, size] of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const markup = readFileSync(join(source, svg), 'utf8');
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${markup}`,
    );
    await page.screenshot({ path: join(target, png), omitBackground: true });
    await page.close();
    console.log(`${png} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
