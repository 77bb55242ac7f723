import { generateKeyPair } from '@libp2p/crypto/keys';
import { lpStream } from '@libp2p/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { type DevnetOptions, defaultPorts } from '../options.ts';
import { type RelayExtras, type RelayHandle, startRelayService } from '../relay/service.ts';
import { type CallBody, P2pNode, type RelayPolicy } from './p2p.ts';
import { startAppPeer } from './test-support.ts';

const options = (port = 0): DevnetOptions => ({
  dataDir: '/nonexistent',
  reset: false,
  blockTimeMs: 1_000,
  instant: true,
  host: '127.0.0.1',
  ports: { ...defaultPorts, relay: port },
});
/** The proxy's policy, shortened: 3 dials 150 ms apart, then a 400 ms pause. */
const FAST: RelayPolicy = { attempts: 3, intervalMs: 150, pauseMs: 400 };

async function until(check: () => boolean, ms = 10_000, what = 'the condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await Promise.resolve(cleanup()).catch(() => {});
  }
});

async function relay(port = 0, extras: RelayExtras = {}): Promise<RelayHandle> {
  const handle = await startRelayService(options(port), extras);
  cleanups.push(() => handle.stop());
  return handle;
}

async function home(relayAddress: string, calls: CallBody[] = [], logs: string[] = []) {
  const node = await P2pNode.start({
    host: '127.0.0.1',
    relay: relayAddress,
    relayPolicy: FAST,
    privateKey: await generateKeyPair('Ed25519'),
    onCall: (body) => calls.push(body),
    log: (line) => logs.push(line),
  });
  cleanups.push(() => node.stop());
  return node;
}

describe('the controller behind the relay', () => {
  it('is reached only through its relay circuit address and answers /call on receipt', async () => {
    const server = await relay();
    const calls: CallBody[] = [];
    const node = await home(server.multiaddr, calls);
    const circuit = `${server.multiaddr}/p2p-circuit/p2p/${node.peerId}`;
    expect(node.addresses).toEqual([circuit]);
    expect(node.directPort).toBeUndefined();

    const app = await startAppPeer(circuit);
    cleanups.push(() => app.stop());
    expect(app.connection.remoteAddr.toString()).toBe(circuit);
    expect(await app.call({ data: { sender: 'x', data: '0x' } })).toEqual({ result: true });
    // Not JSON: still acknowledged, as the proxy does, and handed on as text.
    const stream = await app.connection.newStream('/call', { runOnLimitedConnection: true });
    const lp = lpStream(stream);
    await lp.write(new TextEncoder().encode('not json {'));
    const reply = new TextDecoder().decode((await lp.read()).subarray());
    expect(JSON.parse(reply)).toEqual({ result: true });
    await until(() => calls.length === 2, 5_000, 'the two calls');
    expect(calls).toEqual([
      { json: { data: { sender: 'x', data: '0x' } } },
      { text: 'not json {' },
    ]);
    // The relay itself is no peer to send /update to.
    expect(node.connectedPeers()).toEqual([app.node.peerId.toString()]);
  });

  it('with --controller-direct also listens on its own port, announced after the circuit', async () => {
    const server = await relay();
    const node = await P2pNode.start({
      host: '127.0.0.1',
      directPort: 0,
      relay: server.multiaddr,
      relayPolicy: FAST,
      privateKey: await generateKeyPair('Ed25519'),
      onCall: () => {},
      log: () => {},
    });
    cleanups.push(() => node.stop());
    const direct = `/ip4/127.0.0.1/tcp/${node.directPort}/ws/p2p/${node.peerId}`;
    expect(node.addresses).toEqual([`${server.multiaddr}/p2p-circuit/p2p/${node.peerId}`, direct]);
    const app = await startAppPeer(direct);
    cleanups.push(() => app.stop());
    expect(app.connection.remoteAddr.toString()).not.toContain('p2p-circuit');
    expect(await app.call({ data: {} })).toEqual({ result: true });
  });

  it('keeps trying a relay that refuses reservations, with a log line, and reserves once it may', async () => {
    const refusing = await relay(0, { maxReservations: 0 });
    const logs: string[] = [];
    const node = await home(refusing.multiaddr, [], logs);
    expect(node.relayed).toBe(false);
    await until(
      () => logs.some((l) => l.includes('the relay cannot be reached')),
      5_000,
      'a pause',
    );
    expect(
      logs.filter((l) => /relay attempt \d of 3 failed: .*RESERVATION_REFUSED/.test(l)).length,
    ).toBeGreaterThanOrEqual(3);
    // The same relay, now accepting: the next round of dials gets a slot.
    await refusing.stop();
    await relay(refusing.port);
    await until(() => node.relayed, 10_000, 'the reservation');
    expect(logs.some((l) => l.startsWith('reserved a slot'))).toBe(true);
  });

  it('reserves again after the relay restarts; the app redials and gets the last /update', async () => {
    let server = await relay();
    const node = await home(server.multiaddr);
    const circuit = node.addresses[0]!;
    const app = await startAppPeer(circuit);
    cleanups.push(() => app.stop());
    await node.broadcast({ data: 'first' });
    await app.nextUpdate((m) => m.body.data === 'first');

    const port = server.port;
    await server.stop();
    await until(() => !node.relayed, 5_000, 'losing the reservation');
    await new Promise((resolve) => setTimeout(resolve, 200));
    server = await relay(port);
    await until(() => node.relayed, 10_000, 'the new reservation');
    expect(node.addresses).toEqual([circuit]);

    const before = app.updates.length;
    await app.redial();
    // The newly connected peer is sent the saved update at once.
    const replay = await app.nextUpdate((m) => app.updates.indexOf(m) >= before);
    expect(replay.body.data).toBe('first');
    expect(await app.call({ data: { sender: 'x', data: '0x' } })).toEqual({ result: true });
  });

  it('survives a relay that drops in the middle of an /update', async () => {
    const server = await relay();
    const logs: string[] = [];
    const node = await home(server.multiaddr, [], logs);
    const app = await startAppPeer(node.addresses[0]!);
    cleanups.push(() => app.stop());
    // The app's side of the stream: the relay goes down as soon as the update starts arriving.
    let opened!: () => void;
    const streamOpen = new Promise<void>((resolve) => {
      opened = resolve;
    });
    let received = false;
    await app.node.unhandle('/update');
    await app.node.handle(
      '/update',
      async (stream) => {
        opened();
        const lp = lpStream(stream, { maxDataLength: 8 * 1024 * 1024 });
        await lp.read().then(
          () => {
            received = true;
          },
          () => {},
        );
      },
      { runOnLimitedConnection: true },
    );
    const sending = node.broadcast({ data: 'x'.repeat(6 * 1024 * 1024) });
    await streamOpen;
    await server.stop();
    // The broadcast gives up on that peer instead of hanging; the update never arrived whole.
    await sending;
    expect(received).toBe(false);
    // Still alive: it is back to dialling the relay.
    await until(
      () => logs.some((l) => l.startsWith('relay attempt 1 of 3 failed')),
      5_000,
      'a redial',
    );
  });
});
