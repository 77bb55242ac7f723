import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DevnetOptions, defaultPorts } from '../common/options.ts';
import { removeDir, tempDir, testOptions } from '../common/test-support.ts';
import { ProxyLink } from '../controller/home/proxy-link.ts';
import type { ProxyGeneration, RelayPolicy } from './proxy-node.ts';
import { type ProxyHandle, startProxyService } from './proxy-service.ts';
import { type RelayExtras, type RelayHandle, startRelayService } from './relay-service.ts';
import { type AppPeer, startAppPeer, until } from './test-support.ts';

/** The proxy's policy, shortened: 3 dials 150 ms apart, then a 400 ms pause. */
const FAST: RelayPolicy = { attempts: 3, intervalMs: 150, pauseMs: 400 };

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await Promise.resolve(cleanup()).catch(() => {});
  }
});

function options(dataDir: string, extra: Partial<DevnetOptions> = {}): DevnetOptions {
  return testOptions(dataDir, { blockTimeMs: 1_000, ...extra });
}

function proxyDir(): string {
  const dir = tempDir('devnet-proxy-');
  cleanups.push(() => removeDir(dir));
  return dir;
}

async function relay(port = 0, extras: RelayExtras = {}): Promise<RelayHandle> {
  const handle = await startRelayService(
    options('/nonexistent', { ports: { ...defaultPorts, relay: port } }),
    extras,
  );
  cleanups.push(() => handle.stop());
  return handle;
}

async function proxy(
  generation: ProxyGeneration,
  relayAddress: string,
  { dataDir = proxyDir(), direct = false, logs = [] as string[] } = {},
): Promise<ProxyHandle> {
  const handle = await startProxyService(
    options(dataDir, { controllerDirect: direct }),
    new Map(),
    { generation, relay: relayAddress, relayPolicy: FAST, log: (line) => logs.push(line) },
  );
  cleanups.push(() => handle.stop());
  return handle;
}

/** Home Assistant's side: a link to the proxy that listens to /call and keeps what it hears. */
function homeAssistant(url: string, reconnectMs = 100) {
  const calls: unknown[] = [];
  const feedback: string[] = [];
  const hellos: { peerId: string; addresses: string[] }[] = [];
  const link = new ProxyLink({
    url,
    protocols: ['/call'],
    reconnectMs,
    onHello: (hello) => hellos.push(hello),
    onMessage: (_protocol, data) => calls.push(data),
    onFeedback: (text) => feedback.push(text),
    log: () => {},
  });
  cleanups.push(() => link.stop());
  return { link, calls, feedback, hellos };
}

async function app(address: string, muxers?: ('yamux' | 'mplex')[]): Promise<AppPeer> {
  const peer = await startAppPeer(address, muxers ? { muxers } : {});
  cleanups.push(() => peer.stop());
  return peer;
}

/**
 * A relay, a proxy holding a slot on it, and Home Assistant linked to the proxy and listening to
 * /call through it: the home as it runs.
 */
async function linkedHome(generation: ProxyGeneration, options: Parameters<typeof proxy>[2] = {}) {
  const server = await relay();
  const home = await proxy(generation, server.multiaddr, options);
  await until(() => home.addresses().some((a) => a.includes('/p2p-circuit')), 5_000, 'the slot');
  const ha = homeAssistant(home.wsUrl);
  await until(() => home.answers('/call'), 5_000, 'Home Assistant listening to /call');
  return { server, home, ha, circuit: home.addresses()[0]! };
}

const MULTIPLEXER: Record<ProxyGeneration, string> = {
  legacy: '/mplex/6.7.0',
  current: '/yamux/1.0.0',
};

describe.each<ProxyGeneration>(['legacy', 'current'])('the %s proxy', (generation) => {
  it('reserves on the relay, tells Home Assistant its peer id and circuit address, and carries /call over its multiplexer', async () => {
    const server = await relay();
    const home = await proxy(generation, server.multiaddr);
    const circuit = `${server.multiaddr}/p2p-circuit/p2p/${home.peerId}`;
    await until(() => home.addresses().includes(circuit), 5_000, 'the reservation');
    expect(server.reservations()).toEqual([home.peerId]);
    const ha = homeAssistant(home.wsUrl);
    await until(() => ha.hellos.length > 0 && ha.link.connected, 5_000, 'the hello');
    expect(ha.hellos.at(-1)).toEqual({ peerId: home.peerId, addresses: [circuit] });

    const peer = await app(circuit);
    expect(peer.connection.remoteAddr.toString()).toBe(circuit);
    expect(peer.connection.multiplexer).toBe(MULTIPLEXER[generation]);
    await until(() => home.connectedPeers().length === 1, 5_000, 'the peer');
    const body = { data: { sender: '4Gv…', data: '0xabcd' } };
    expect(await peer.call(body)).toEqual({ result: true });
    await until(() => ha.calls.length === 1, 5_000, 'the call at Home Assistant');
    // Home Assistant is handed the message's data, as the integration's client takes it.
    expect(ha.calls[0]).toEqual(body.data);
  });

  it('sends /update to every connected peer, keeps a saved one for peers that connect later, and reports each delivery', async () => {
    const { home, ha, circuit } = await linkedHome(generation);
    const first = await app(circuit);
    await until(() => home.connectedPeers().length === 1, 5_000, 'the first peer');
    expect(ha.link.send('/update', { data: { states: 1 } }, { save: true })).toBe(true);
    const update = await first.nextUpdate(() => true);
    expect(update.body).toEqual({ data: { states: 1 } });
    expect(update.multiplexer).toBe(MULTIPLEXER[generation]);
    await until(() => ha.feedback.length === 1, 5_000, 'the feedback');
    expect(ha.feedback).toEqual(['ok']);

    // A peer that connects now is sent the saved message at once.
    const later = await app(circuit);
    const replay = await later.nextUpdate(() => true, 3_000);
    expect(replay.body).toEqual({ data: { states: 1 } });
    // Not saved: not replayed, but sent to everyone connected.
    ha.link.send('/update', { data: { states: 2 } });
    await first.nextUpdate((m) => (m.body.data as { states: number }).states === 2);
    await later.nextUpdate((m) => (m.body.data as { states: number }).states === 2);
  });

  it('takes a burst of commands and state pushes without dropping the connection', async () => {
    const { home, ha, circuit } = await linkedHome(generation);
    const link = ha.link;
    const peer = await app(circuit);
    await until(() => home.connectedPeers().length === 1, 5_000, 'the peer');
    // 30 commands as fast as they go, each answered by a state push: far over 5 streams a second.
    const started = Date.now();
    for (let i = 0; i < 30; i++) {
      expect(await peer.call({ data: { sender: 'x', data: `0x${i}` } })).toEqual({ result: true });
      link.send('/update', { data: { n: i } });
    }
    await peer.nextUpdate((m) => (m.body.data as { n?: number }).n === 29, 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(peer.connection.status).toBe('open');
    await until(() => ha.calls.length === 30, 5_000, 'all calls at Home Assistant');
  });

  it('keeps its peer id and the saved message across a restart', async () => {
    const server = await relay();
    const dataDir = proxyDir();
    const home = await proxy(generation, server.multiaddr, { dataDir });
    const ha = homeAssistant(home.wsUrl);
    await until(() => ha.link.connected, 5_000, 'the link');
    ha.link.send('/update', { data: 'kept' }, { save: true });
    const kept = join(dataDir, 'proxy', 'saved_data', 'update.json');
    await until(() => existsSync(kept), 5_000, 'the message kept on disk');
    const peerId = home.peerId;
    await home.stop();
    const again = await proxy(generation, server.multiaddr, { dataDir });
    expect(again.peerId).toBe(peerId);
    await until(() => again.addresses().length > 0, 5_000, 'the reservation');
    const peer = await app(again.addresses()[0]!);
    expect((await peer.nextUpdate(() => true, 3_000)).body).toEqual({ data: 'kept' });
  });

  it('with a direct listener announces it after the circuit, and is reached there', async () => {
    const { home } = await linkedHome(generation, { direct: true });
    await until(() => home.addresses().length === 2, 5_000, 'both addresses');
    const [circuit, direct] = home.addresses();
    expect(circuit).toContain('/p2p-circuit');
    expect(direct).toMatch(/^\/ip4\/127\.0\.0\.1\/tcp\/\d+\/ws\/p2p\/12D3KooW/);
    const peer = await app(direct!);
    expect(peer.connection.remoteAddr.toString()).not.toContain('p2p-circuit');
    expect(await peer.call({ data: {} })).toEqual({ result: true });
  });

  it('refuses web pages on its WebSocket', async () => {
    const server = await relay();
    const home = await proxy(generation, server.multiaddr);
    const response = await fetch(home.wsUrl.replace('ws:', 'http:'), {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        origin: 'https://example.com',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    }).catch((error: Error) => error);
    expect(response instanceof Error ? 0 : response.status).not.toBe(101);
  });
});

describe('the legacy proxy, as Home Assistant homes run it', () => {
  it('cannot be reached by a peer that offers only yamux', async () => {
    const server = await relay();
    const home = await proxy('legacy', server.multiaddr);
    await until(() => home.addresses().length > 0, 5_000, 'the reservation');
    await expect(app(home.addresses()[0]!, ['yamux'])).rejects.toThrow(/yamux|multiplexer|muxer/i);
  });

  it('acknowledges a body that is not JSON and hands Home Assistant its characters', async () => {
    const { ha, circuit } = await linkedHome('legacy');
    const peer = await app(circuit);
    // A length prefix over a raw connection: what an app that frames the wrong way sends.
    const stream = await peer.sendRaw(new Uint8Array([37, ...new TextEncoder().encode('{"a":1}')]));
    const chunks: Uint8Array[] = [];
    for await (const chunk of stream) chunks.push(chunk.subarray());
    expect(Buffer.concat(chunks).toString()).toBe('{"result":true}');
    // The message reaches Home Assistant as {"0": "%", "1": "{", …}: it has no data.
    await until(() => ha.calls.length === 1, 5_000, 'the message at Home Assistant');
    expect(ha.calls).toEqual([undefined]);
  });

  it('with no Home Assistant listening, acknowledges and drops the first /call, then stops answering /call', async () => {
    const { home, ha, circuit } = await linkedHome('legacy');
    ha.link.setEnabled(false);
    await until(() => home.clients() === 0, 5_000, 'the link to drop');
    const peer = await app(circuit);
    expect(await peer.call({ data: { sender: 'x', data: '0x' } })).toEqual({ result: true });
    expect(ha.calls).toEqual([]);
    await expect(peer.call({ data: {} })).rejects.toThrow(/protocol|negotiate/i);
    // Home Assistant back: it asks for /call again, and the proxy answers it again.
    ha.link.setEnabled(true);
    await until(() => home.answers('/call'), 5_000, 'Home Assistant listening again');
    expect(await peer.call({ data: { sender: 'y', data: '0x' } })).toEqual({ result: true });
    await until(() => ha.calls.length === 1, 5_000, 'the call');
  });

  it('bounds a raw /call that never ends', async () => {
    const logs: string[] = [];
    const { ha, circuit } = await linkedHome('legacy', { logs });
    const peer = await app(circuit);
    const stream = await peer.connection.newStream('/call', { runOnLimitedConnection: true });
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    for (let i = 0; i < 40 && stream.writeStatus === 'writable'; i++) {
      try {
        if (!stream.send(chunk)) await stream.onDrain({ signal: AbortSignal.timeout(2_000) });
      } catch {
        break;
      }
    }
    await until(() => logs.some((l) => l.includes('could not be read')), 5_000, 'the refusal');
    expect(ha.calls).toEqual([]);
    // The proxy is still there for the next peer.
    expect(await peer.call({ data: { sender: 'z', data: '0x' } })).toEqual({ result: true });
  });
});

describe('the current proxy', () => {
  it('stops answering /call as soon as no Home Assistant listens', async () => {
    const { home, ha, circuit } = await linkedHome('current');
    const peer = await app(circuit);
    ha.link.setEnabled(false);
    await until(() => !home.answers('/call'), 5_000, 'the proxy to stop answering /call');
    await expect(peer.call({ data: {} })).rejects.toThrow(/protocol|negotiate/i);
  });
});

describe('Home Assistant and a proxy that starts later', () => {
  it('retries the WebSocket until the proxy answers, then listens to /call', async () => {
    const server = await relay();
    const dataDir = proxyDir();
    // Find a free port, then start Home Assistant before any proxy is there.
    const probe = await proxy('legacy', server.multiaddr, { dataDir });
    const port = Number(new URL(probe.wsUrl).port);
    await probe.stop();
    const ha = homeAssistant(`ws://127.0.0.1:${port}`, 100);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ha.link.connected).toBe(false);
    const home = await startProxyService(
      options(dataDir, { ports: { ...defaultPorts, relay: 0, proxy: port, controller: 0 } }),
      new Map(),
      { generation: 'legacy', relay: server.multiaddr, relayPolicy: FAST, log: () => {} },
    );
    cleanups.push(() => home.stop());
    await until(() => ha.link.connected && ha.hellos.length > 0, 5_000, 'the link');
    await until(() => home.addresses().length > 0, 5_000, 'the reservation');
    await until(() => home.answers('/call'), 5_000, 'Home Assistant listening to /call');
    const peer = await app(home.addresses()[0]!);
    expect(await peer.call({ data: { sender: 'late', data: '0x' } })).toEqual({ result: true });
    await until(() => ha.calls.length === 1, 5_000, 'the call');
  });
});

describe('the relay', () => {
  it('keeps trying a relay that refuses reservations, with a log line, and reserves once it may', async () => {
    const refusing = await relay(0, { maxReservations: 0 });
    const logs: string[] = [];
    const home = await proxy('legacy', refusing.multiaddr, { logs });
    await until(
      () => logs.some((l) => l.includes('the relay cannot be reached')),
      5_000,
      'a pause',
    );
    expect(home.addresses()).toEqual([]);
    expect(
      logs.filter((l) => /relay attempt \d of 3 failed: .*RESERVATION_REFUSED/.test(l)).length,
    ).toBeGreaterThanOrEqual(3);
    await refusing.stop();
    await relay(refusing.port);
    await until(() => home.addresses().length > 0, 10_000, 'the reservation');
    expect(logs.some((l) => l.startsWith('reserved a slot'))).toBe(true);
  });

  it.each<ProxyGeneration>(['legacy', 'current'])(
    'the %s proxy reserves again after the relay restarts; the app redials and gets the saved /update',
    async (generation) => {
      const linked = await linkedHome(generation);
      let { server } = linked;
      const { home, ha, circuit } = linked;
      const peer = await app(circuit);
      await until(() => home.connectedPeers().length === 1, 5_000, 'the peer');
      ha.link.send('/update', { data: 'first' }, { save: true });
      await peer.nextUpdate((m) => m.body.data === 'first');

      const port = server.port;
      await server.stop();
      await until(() => home.addresses().length === 0, 5_000, 'losing the reservation');
      await new Promise((resolve) => setTimeout(resolve, 200));
      server = await relay(port);
      await until(() => home.addresses().includes(circuit), 10_000, 'the new reservation');

      const before = peer.updates.length;
      await peer.redial();
      const replay = await peer.nextUpdate((m) => peer.updates.indexOf(m) >= before);
      expect(replay.body.data).toBe('first');
      expect(await peer.call({ data: { sender: 'x', data: '0x' } })).toEqual({ result: true });
    },
  );
});
