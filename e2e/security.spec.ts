import type { Page } from '@playwright/test';
import { createPublicClient, http } from 'viem';
import { devAccount, devnetSepolia, EVM_URL } from './fixtures/devnet-evm.ts';
import { openSeededHome } from './fixtures/seeded-home.ts';
import { expect, test } from './fixtures/test.ts';

// What a user or developer is protected from: home data left readable in the browser, a link
// that makes the app talk to a node before the user agrees, and other web pages driving the
// developer's local devnet or framing the app.

/** An origin no devnet service allows: pages here are served by the test itself. */
const FOREIGN = 'http://127.0.0.1:5999';

/** Text only the decrypted Home Assistant config (or states) contains. */
const PLAINTEXT_MARKERS = ['peer_id', 'libp2p_multiaddress', 'friendly_name', '12D3KooW'];

/** Everything the app's origin keeps: localStorage, sessionStorage and every IndexedDB record. */
function browserStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i)!;
        parts.push(`${key}=${store.getItem(key)}`);
      }
    }
    const bytes = (_key: string, value: unknown) =>
      value instanceof ArrayBuffer || ArrayBuffer.isView(value)
        ? new TextDecoder('latin1').decode(value as ArrayBuffer)
        : value;
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const records = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(storeName).objectStore(storeName).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        parts.push(`${name}/${storeName}=${JSON.stringify(records, bytes)}`);
      }
      db.close();
    }
    return parts.join('\n');
  });
}

/** Serves `html` as a page of the foreign origin and opens it. */
async function openForeignPage(page: Page, html: string): Promise<void> {
  await page.route(`${FOREIGN}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: html }),
  );
  await page.goto(`${FOREIGN}/page.html`);
}

test.describe('security', () => {
  test('sign-out leaves no readable home data in storage', async ({ page }) => {
    await openSeededHome(page, { blockPeer: true });
    // The config and the last states are kept, as their encrypted envelopes only.
    for (const prefix of ['haconfig:', 'hastates:']) {
      await expect
        .poll(() =>
          page.evaluate((p) => Object.keys(localStorage).filter((k) => k.startsWith(p)), prefix),
        )
        .toHaveLength(1);
    }
    const signedIn = await browserStorage(page);
    for (const marker of PLAINTEXT_MARKERS) expect(signedIn, marker).not.toContain(marker);

    await page
      .getByTestId('signed-in-user')
      .getByRole('button', { name: 'Sign out', exact: true })
      .click();
    await expect(page.getByRole('form', { name: 'Sign in as a user' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Home' })).toBeHidden();
    const signedOut = await browserStorage(page);
    for (const prefix of ['haconfig:', 'hastates:', 'haupdate:']) {
      expect(signedOut).not.toContain(prefix);
    }
    for (const marker of PLAINTEXT_MARKERS) expect(signedOut, marker).not.toContain(marker);
  });

  test('a ?rpc= link opens no WebSocket to its node until the user accepts it', async ({
    page,
  }) => {
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    // The devnet under another name: a node the user did not choose.
    await page.goto('./?rpc=ws%3A%2F%2Flocalhost%3A9944#/');
    const banner = page.getByRole('region', { name: 'Endpoint from link' });
    await expect(banner).toContainText('ws://localhost:9944');
    // Meanwhile the app works on the usual endpoint: chain data is on screen.
    await expect(page.getByTestId('subscription-price').first()).toContainText('XRT');
    expect(sockets.some((url) => url.startsWith('ws://127.0.0.1:9944'))).toBe(true);
    expect(sockets.filter((url) => url.startsWith('ws://localhost:9944'))).toEqual([]);

    await banner.getByRole('button', { name: 'Connect to this endpoint' }).click();
    await expect
      .poll(() => sockets.filter((url) => url.startsWith('ws://localhost:9944')).length)
      .toBeGreaterThan(0);
  });

  test('a page on another origin can neither call dev_setStorage nor spend a Hardhat account', async ({
    page,
    devnetChain: chain,
  }) => {
    const evm = createPublicClient({ chain: devnetSepolia, transport: http(EVM_URL) });
    const sudoKey = (await chain.api.query.sudo.key()).toString();
    const sudoStorageKey = chain.api.query.sudo.key.key();
    const owner = devAccount(0).address;
    const thief = devAccount(9).address;
    const before = await evm.getBalance({ address: thief });
    const ownerNonce = await evm.getTransactionCount({ address: owner });

    await openForeignPage(page, '<!doctype html><title>Another site</title><p>hello</p>');
    const outcome = await page.evaluate(
      async ({ key, owner, thief }) => {
        // The chain: a dev RPC that would make this page's account the sudo key.
        const chain = await new Promise<string>((resolve) => {
          const ws = new WebSocket('ws://127.0.0.1:9944');
          ws.onopen = () => {
            ws.send(
              JSON.stringify({
                jsonrpc: '2.0',
                id: 1,
                method: 'dev_setStorage',
                params: [[[key, `0x${'ee'.repeat(32)}`]]],
              }),
            );
            ws.onmessage = (event) => resolve(`answered: ${event.data}`);
          };
          ws.onerror = () => resolve('refused');
        });
        // The EVM node: a transaction from an unlocked account, as a "simple" request that
        // needs no preflight, and as a JSON request that does.
        const spend = JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_sendTransaction',
          params: [{ from: owner, to: thief, value: '0xde0b6b3a7640000' }],
        });
        const attempt = (headers: Record<string, string>, mode: RequestMode) =>
          fetch('http://127.0.0.1:8545', { method: 'POST', headers, body: spend, mode }).then(
            (res) => `HTTP ${res.status}`,
            () => 'refused',
          );
        return {
          chain,
          simple: await attempt({ 'content-type': 'text/plain' }, 'cors'),
          opaque: await attempt({ 'content-type': 'text/plain' }, 'no-cors'),
          json: await attempt({ 'content-type': 'application/json' }, 'cors'),
        };
      },
      { key: sudoStorageKey, owner, thief },
    );
    expect(outcome.chain).toBe('refused');
    expect(outcome.simple).toBe('refused');
    expect(outcome.json).toBe('refused');
    // A no-cors request is sent but its answer is hidden from the page: the server refused it.
    expect(['HTTP 0', 'refused']).toContain(outcome.opaque);

    await chain.newBlocks(1);
    expect((await chain.api.query.sudo.key()).toString()).toBe(sudoKey);
    expect(await evm.getBalance({ address: thief })).toBe(before);
    expect(await evm.getTransactionCount({ address: owner })).toBe(ownerNonce);
  });

  test('the app does not run inside another page', async ({ page }) => {
    await openForeignPage(page, '<!doctype html><iframe src="http://127.0.0.1:5173/"></iframe>');
    // The server's headers forbid the frame: the browser shows no app in it.
    const frame = page.frameLocator('iframe');
    await expect(page.locator('iframe')).toBeVisible();
    await expect(frame.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);

    // Where hosting sets no headers (IPFS), the app's own check shows a note instead of the app.
    await page.route('http://127.0.0.1:5173/**', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['x-frame-options'];
      delete headers['content-security-policy'];
      await route.fulfill({ response, headers });
    });
    await page.reload();
    await expect(frame.getByRole('alert')).toContainText(
      'For your safety, the Robonomics Dapp does not run inside another page.',
    );
    await expect(frame.getByRole('link', { name: 'Open it in its own tab' })).toBeVisible();
    await expect(frame.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  });
});
