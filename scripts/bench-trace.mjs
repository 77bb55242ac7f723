// Where a page's main thread spends its time before the price is on screen, read from a Chromium
// trace of a cold load (docs/first-data.md, Measuring): script parse and compile (on the main
// thread and streamed on a background thread), script evaluation and the rest of the JavaScript
// (React's render among it), garbage collection, HTML parsing, style and layout, paint. Times are
// CPU time of the thread (the trace's thread clock), so they hold on a busy machine, where the
// wall-clock time also counts the waits for a core.

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
  'loading',
  'toplevel',
];

/** @typedef {{ name: string, ph: string, ts: number, dur?: number, tdur?: number, pid: number, tid: number, args?: any }} TraceEvent */

/** The kind of main-thread work an event is, by its name. @param {string} name */
export function kindOf(name) {
  if (/^V8\.(Parse|PreParse|Compile|Deserialize)|^v8\.(compile|parseOnBackground)/.test(name))
    return 'compile';
  if (/GC|^V8\.GC|MinorGC|MajorGC/.test(name)) return 'gc';
  if (/^(ParseHTML|HTMLDocumentParser)/.test(name)) return 'html';
  if (/Layout|UpdateLayoutTree|updateStyle|RecalcStyle|Style/.test(name)) return 'style-layout';
  if (/Paint|Commit|Layerize|Raster|CompositeLayers|UpdateLifecycle/.test(name)) return 'paint';
  if (
    /^(FunctionCall|EvaluateScript|v8\.(run|evaluateModule|callFunction|execute)|RunMicrotasks|V8\.(Execute|Invoke|Run|Bytecode)|TimerFire|FireAnimationFrame|EventDispatch)/.test(
      name,
    )
  )
    return 'script';
  return 'other';
}

/**
 * Breaks down a trace between navigation start and the mark `endMark` (set by the page's
 * observer): CPU ms of the page's main thread by kind, compile CPU ms per script (main thread and
 * background streaming), and the wall time of the window.
 * @param {TraceEvent[]} events
 * @param {string} endMark
 */
export function breakdown(events, endMark) {
  const end = events.find((e) => e.name === endMark);
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.pid === end?.pid &&
      e.args?.data?.isLoadingMainFrame &&
      String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'),
  );
  if (!end || !nav) return null;
  const inWindow = (/** @type {TraceEvent} */ e) =>
    e.pid === end.pid && e.ph === 'X' && e.ts >= nav.ts && e.ts <= end.ts;
  const main = events
    .filter((e) => inWindow(e) && e.tid === end.tid)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  /** @type {Record<string, number>} */
  const byKind = {};
  /** @type {Map<string, number>} */
  const compileByScript = new Map();
  const cpu = (/** @type {TraceEvent} */ e) => e.tdur ?? e.dur ?? 0;
  /** @type {{ event: TraceEvent, childCpu: number, url?: string }[]} */
  const stack = [];
  const close = (/** @type {{ event: TraceEvent, childCpu: number, url?: string }} */ frame) => {
    const self = Math.max(0, cpu(frame.event) - frame.childCpu);
    const kind = kindOf(frame.event.name);
    byKind[kind] = (byKind[kind] ?? 0) + self;
    if (kind === 'compile') {
      const key = scriptName(frame.url);
      compileByScript.set(key, (compileByScript.get(key) ?? 0) + self);
    }
  };
  for (const event of main) {
    while (stack.length) {
      const top = /** @type {(typeof stack)[number]} */ (stack.at(-1));
      if (top.event.ts + (top.event.dur ?? 0) > event.ts) break;
      close(top);
      stack.pop();
    }
    const parent = stack.at(-1);
    if (parent) parent.childCpu += cpu(event);
    stack.push({ event, childCpu: 0, url: urlOf(event) ?? parent?.url });
  }
  while (stack.length) close(/** @type {(typeof stack)[number]} */ (stack.pop()));
  for (const event of events) {
    if (!inWindow(event) || event.tid === end.tid || event.name !== 'v8.parseOnBackground')
      continue;
    const key = `${scriptName(urlOf(event))} (background)`;
    compileByScript.set(key, (compileByScript.get(key) ?? 0) + cpu(event));
  }
  const ms = (/** @type {number} */ us) => us / 1000;
  return {
    wallMs: ms(end.ts - nav.ts),
    cpuMs: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, ms(v)])),
    compileMs: Object.fromEntries([...compileByScript].map(([k, v]) => [k, ms(v)])),
  };
}

/** @param {TraceEvent} event */
function urlOf(event) {
  const data = event.args?.data ?? event.args ?? {};
  const url = data.url ?? data.fileName ?? data.scriptName;
  return typeof url === 'string' && url !== '' ? url : undefined;
}

/** @param {string | undefined} url */
const scriptName = (url) =>
  url ? url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js') || url : '(inline or lazy)';

/**
 * Traces one load of `page` at `url`; resolves with the parsed trace events once `ready()`
 * resolves and a second has passed.
 * @param {import('@playwright/test').Browser} browser
 * @param {import('@playwright/test').Page} page
 * @param {string} url
 * @param {() => Promise<unknown>} ready
 */
export async function traceLoad(browser, page, url, ready) {
  await browser.startTracing(page, { categories: CATEGORIES });
  const loaded = page
    .goto(url, { waitUntil: 'commit' })
    .then(ready)
    .then(() => page.waitForTimeout(1000));
  const failure = await loaded.then(
    () => null,
    (error) => /** @type {Error} */ (error),
  );
  const buffer = await browser.stopTracing();
  if (failure) throw failure;
  return /** @type {{ traceEvents: TraceEvent[] }} */ (JSON.parse(buffer.toString())).traceEvents;
}
