import type { Page, WebSocket } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

// The dashboard's first values come from the metadata kept by an earlier visit only when it
// belongs to the node's genesis hash and runtime spec version (docs/first-data.md); a runtime
// with another spec version gets the live value. A kept metadata whose RWS.MinimalBid was changed
// to 5 XRT shows which source the card used.

const CACHE_PREFIX = 'chain-metadata:';
const u128 = (value: bigint) =>
  value.toString(16).padStart(32, '0').match(/../g)!.reverse().join('');
/** The MinimalBid entry of the RWS pallet's constants: its name, type id 6, 16 bytes of value. */
const minimalBidEntry = (planck: bigint) =>
  `28${Buffer.from('MinimalBid').toString('hex')}1840${u128(planck)}`;

interface KeptMetadata {
  genesisHash: string;
  specName: string;
  specVersion: number;
  metadata: string;
  minimalBid?: string;
}

/** Records every text the price shows, from the first one. */
async function recordPrices(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { shownPrices: string[] }).shownPrices = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="subscription-price"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const shownPrices = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownPrices: string[] }).shownPrices);

/** The metadata bytes' store in IndexedDB (metadata/cache.ts): get, put or delete one record. */
function keptBytes(page: Page, key: string, value?: string | null) {
  return page.evaluate(
    ([k, v]) =>
      new Promise<string | undefined>((resolve, reject) => {
        const open = indexedDB.open('robonomics-dapp-chain', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('kept');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const transaction = db.transaction('kept', v === undefined ? 'readonly' : 'readwrite');
          const store = transaction.objectStore('kept');
          const request =
            v === undefined ? store.get(k!) : v === null ? store.delete(k!) : store.put(v, k!);
          transaction.oncomplete = () => {
            db.close();
            resolve(v === undefined ? (request.result as string | undefined) : undefined);
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    [key, value] as const,
  );
}

/** Visits once; returns the summary's key and what is kept (the summary, with the bytes in it). */
async function visitAndReadKept(page: Page) {
  await page.goto('./#/');
  await expect(page.getByTestId('subscription-price')).toHaveText('~ 1 XRT');
  let key: string | undefined;
  await expect
    .poll(async () => {
      key = await page.evaluate(
        (prefix) => Object.keys(localStorage).find((k) => k.startsWith(prefix)),
        CACHE_PREFIX,
      );
      return key;
    })
    .toBeDefined();
  const summaryKey = key!;
  const summary = (await page.evaluate((k) => localStorage.getItem(k), summaryKey)) ?? '{}';
  // The page's first script reads localStorage whole: the summary is small, the bytes elsewhere.
  expect(summary.length).toBeLessThan(400);
  await expect.poll(() => keptBytes(page, `bytes:${summaryKey}`)).toBeDefined();
  const bytes = JSON.parse((await keptBytes(page, `bytes:${summaryKey}`))!) as { metadata: string };
  const kept: KeptMetadata = { ...JSON.parse(summary), metadata: bytes.metadata };
  const live = minimalBidEntry(1_000_000_000n);
  expect(kept.metadata.split(live).length, 'RWS.MinimalBid appears once').toBe(2);
  expect(kept.minimalBid).toBe('1000000000');
  return {
    summaryKey,
    kept,
    changedMetadata: kept.metadata.replace(live, minimalBidEntry(5_000_000_000n)),
  };
}

/**
 * Visits once, then replaces what is kept by an entry as an earlier version of the app kept it:
 * the metadata in localStorage, whose minimal bid is 5 XRT, and no value beside it (so the
 * metadata itself is read) nor bytes in IndexedDB.
 */
async function keepChangedMetadata(page: Page, specVersionOf: (live: number) => number) {
  const { summaryKey, kept, changedMetadata } = await visitAndReadKept(page);
  const { minimalBid: _, ...withoutValue } = kept;
  const changed: KeptMetadata = {
    ...withoutValue,
    specVersion: specVersionOf(kept.specVersion),
    metadata: changedMetadata,
  };
  await keptBytes(page, `bytes:${summaryKey}`, null);
  await page.evaluate(
    ([k, v]) => localStorage.setItem(k!, v!),
    [summaryKey, JSON.stringify(changed)],
  );
  return summaryKey;
}

/** The page's sockets to the chain, each with the methods it sent and whether it closed. */
function watchChainSockets(page: Page) {
  const sockets: { url: string; methods: string[]; closed: boolean }[] = [];
  page.on('websocket', (ws: WebSocket) => {
    if (!ws.url().startsWith('ws://127.0.0.1:9944')) return;
    const entry = { url: ws.url(), methods: [] as string[], closed: false };
    sockets.push(entry);
    ws.on('framesent', ({ payload }) => {
      const method = (JSON.parse(String(payload)) as { method?: string }).method;
      if (method) entry.methods.push(method);
    });
    ws.on('close', () => {
      entry.closed = true;
    });
  });
  return sockets;
}

test.describe('first data', () => {
  test('the page’s first script sends the first reads on its own socket and closes it once they are in', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    let sockets = watchChainSockets(page);
    // The values read on the early socket before the client's opens are no lost connection.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="connection-banner"]')) {
          (window as unknown as { bannerShown: boolean }).bannerShown = true;
        }
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto('./#/');
    await expect(page.getByTestId('subscription-price')).toHaveText('~ 1 XRT');
    const firstReads = [
      'chain_getBlockHash',
      'state_getRuntimeVersion',
      'system_properties',
      'state_getStorage',
    ];
    // A first visit: the metadata too, asked last.
    await expect.poll(() => sockets[0]?.closed).toBe(true);
    expect(sockets[0]?.methods).toEqual([...firstReads, 'state_getMetadata']);
    // The client has a socket of its own, which stays open.
    expect(sockets.length).toBe(2);
    expect(sockets[1]?.closed).toBe(false);
    expect(await page.evaluate(() => 'bannerShown' in window)).toBe(false);

    // A second visit has the metadata kept: the first reads leave it out.
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('chain-metadata:'))),
      )
      .toBe(true);
    sockets = watchChainSockets(page);
    await page.reload();
    await expect(page.getByTestId('subscription-price')).toHaveText('~ 1 XRT');
    await expect.poll(() => sockets[0]?.closed).toBe(true);
    expect(sockets[0]?.methods).toEqual(firstReads);
    // The page's inline script is the one the Content-Security-Policy allows by its hash.
    expect(violations).toEqual([]);
  });

  test('metadata an earlier version kept in localStorage gives the price, then moves to IndexedDB', async ({
    page,
  }) => {
    await recordPrices(page);
    const summaryKey = await keepChangedMetadata(page, (live) => live);
    await page.reload();
    // Same genesis hash and spec version: the kept metadata is trusted, by the first reads and
    // by the client (which is why the changed value stays).
    await expect(page.getByTestId('subscription-price')).toHaveText('~ 5 XRT');
    // Moved: the summary is small again, with the value of the bytes now in IndexedDB.
    await expect
      .poll(async () => (await page.evaluate((k) => localStorage.getItem(k), summaryKey))?.length)
      .toBeLessThan(400);
    const summary = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), summaryKey))!);
    expect(summary.minimalBid).toBe('5000000000');
    const bytes = JSON.parse((await keptBytes(page, `bytes:${summaryKey}`))!) as {
      metadata: string;
    };
    expect(bytes.metadata).toContain(minimalBidEntry(5_000_000_000n));
  });

  test('the summary and the bytes kept for this runtime give the price and the client its metadata', async ({
    page,
  }) => {
    const { summaryKey, kept, changedMetadata } = await visitAndReadKept(page);
    // Both changed to 5 XRT: the summary for the first paint, the bytes for the client.
    const { metadata: _, ...summary } = kept;
    await page.evaluate(
      ([k, v]) => localStorage.setItem(k!, v!),
      [summaryKey, JSON.stringify({ ...summary, minimalBid: '5000000000' })],
    );
    await keptBytes(
      page,
      `bytes:${summaryKey}`,
      JSON.stringify({
        genesisHash: kept.genesisHash,
        specVersion: kept.specVersion,
        metadata: changedMetadata,
      }),
    );
    const sockets = watchChainSockets(page);
    await page.reload();
    await expect(page.getByTestId('subscription-price')).toHaveText('~ 5 XRT');
    // The client is ready with the kept bytes (a downloaded metadata would say 1 XRT).
    await expect(page.getByTestId('available-subscriptions')).toHaveText(/^\d+$/);
    await expect.poll(() => sockets.length).toBe(2);
    await page.waitForTimeout(1000);
    await expect(page.getByTestId('subscription-price')).toHaveText('~ 5 XRT');
    expect(sockets.flatMap((socket) => socket.methods)).not.toContain('state_getMetadata');
  });

  test('a runtime with another spec version shows the live value, never the kept one', async ({
    page,
  }) => {
    await recordPrices(page);
    // As after a runtime upgrade: the kept metadata is of the previous spec version.
    await keepChangedMetadata(page, (live) => live - 1);
    await page.reload();
    await expect(page.getByTestId('subscription-price')).toHaveText('~ 1 XRT');
    await expect(page.getByTestId('available-subscriptions')).toHaveText(/^\d+$/);
    expect(await shownPrices(page)).not.toContain('~ 5 XRT');
  });
});

test.describe('first data before the chain client', () => {
  test('the chain client’s code is asked for only once the app’s first render has been painted', async ({
    page,
  }) => {
    // Noted in the page before its scripts run: when the frame that paints the app's first
    // render begins (its animation frame callbacks come before its style, layout and paint).
    await page.addInitScript(() => {
      const noted = window as unknown as { firstRenderFrame?: number };
      const observer = new MutationObserver(() => {
        if (!document.getElementById('root')?.firstChild) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          noted.firstRenderFrame = performance.now();
        });
      });
      observer.observe(document, { subtree: true, childList: true });
    });
    await page.goto('./#/');
    await expect(page.getByTestId('subscription-price')).toHaveText('~ 1 XRT');
    const { frameBegan, clientAsked } = await page
      .waitForFunction(() => {
        const began = (window as unknown as { firstRenderFrame?: number }).firstRenderFrame;
        const asked = performance
          .getEntriesByType('resource')
          .find((entry) => /\/assets\/create-client-[\w-]+\.js$/.test(entry.name))?.startTime;
        return began !== undefined && asked !== undefined
          ? { frameBegan: began, clientAsked: asked }
          : null;
      })
      .then(
        async (handle) => (await handle.jsonValue()) as { frameBegan: number; clientAsked: number },
      );
    // Its download and compilation would compete with that frame's layout and paint.
    expect(clientAsked).toBeGreaterThan(frameBegan);
  });

  test('the dashboard shows the price and the open auctions while the client’s code has not loaded', async ({
    page,
  }) => {
    // The chain client's chunk never arrives: what the dashboard shows came from the page's
    // first script alone (docs/first-data.md).
    await page.route(/\/assets\/create-client-[\w-]+\.js$/, () => {});
    await page.goto('./#/');
    await expect(page.getByTestId('subscription-price')).toHaveText('~ 1 XRT');
    await expect(page.getByTestId('available-subscriptions')).toHaveText(/^\d+$/);
    // A second visit: the price from the value kept with the metadata, which is not asked again.
    await page.unroute(/\/assets\/create-client-[\w-]+\.js$/);
    await page.reload();
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('chain-metadata:'))),
      )
      .toBe(true);
    await page.route(/\/assets\/create-client-[\w-]+\.js$/, () => {});
    const sockets = watchChainSockets(page);
    await page.reload();
    await expect(page.getByTestId('subscription-price')).toHaveText('~ 1 XRT');
    await expect(page.getByTestId('available-subscriptions')).toHaveText(/^\d+$/);
    expect(sockets).toHaveLength(1);
    await expect.poll(() => sockets[0]?.methods.length).toBe(4);
    expect(sockets[0]?.methods).not.toContain('state_getMetadata');
  });
});
