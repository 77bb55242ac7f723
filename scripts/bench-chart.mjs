// First render of a 10,000-point time series with uPlot in Chromium (docs/architecture.md: under
// 50 ms). Renders the raw points (no downsampling: the app draws fewer, so this is an upper
// bound), median of 5 fresh canvases.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const CHROMIUM = '/usr/bin/chromium';
const require = createRequire(import.meta.url);
export const CHART_BUDGET_MS = 50;

export async function benchChart() {
  if (!existsSync(CHROMIUM)) {
    console.log(`chart render: skipped (${CHROMIUM} is missing)`);
    return { ok: true };
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent('<!doctype html><div id="host" style="width:1200px"></div>');
    await page.addStyleTag({ path: require.resolve('uplot/dist/uPlot.min.css') });
    await page.addScriptTag({ path: require.resolve('uplot/dist/uPlot.iife.min.js') });
    const times = await page.evaluate(async () => {
      // In the page: DOM globals, reached through globalThis for the Node type check.
      const g = /** @type {any} */ (globalThis);
      const n = 10_000;
      const xs = new Float64Array(n);
      const ys = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        xs[i] = 1_758_412_800 + i * 30;
        ys[i] = -46 + 3 * Math.sin(i / 200) + Math.sin(i * 12.9898);
      }
      const host = g.document.getElementById('host');
      /** @type {number[]} */
      const result = [];
      for (let run = 0; run < 5; run++) {
        const start = performance.now();
        // Until uPlot has drawn the series (its draw hook), not just until the constructor returns.
        const plot = await new Promise((resolve) => {
          const chart = new g.uPlot(
            {
              width: 1200,
              height: 220,
              series: [{}, { label: 'signal', stroke: '#1f6feb' }],
              hooks: { draw: [() => resolve(chart)] },
            },
            [xs, ys],
            host,
          );
        });
        result.push(performance.now() - start);
        /** @type {any} */ (plot).destroy();
      }
      return result;
    });
    const median = [...times].sort((a, b) => a - b)[2];
    console.log(
      `chart first render, 10,000 points: median ${median.toFixed(1)} ms (${times.map((t) => t.toFixed(1)).join(', ')}; budget ${CHART_BUDGET_MS} ms)`,
    );
    return { ok: median <= CHART_BUDGET_MS };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchChart();
