// A loopback TCP proxy that holds every chunk for a fixed delay in each direction, so a
// WebSocket behind it sees that much added latency per message (and on its opening handshake),
// as a phone or a far public node would. Order is kept: every chunk waits the same time.
// Usage: node scripts/latency-proxy.mjs <listen port> <target port> [delay ms, default 100]
import { createConnection, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const HOST = '127.0.0.1';

/**
 * Starts the proxy on 127.0.0.1:`listenPort` towards 127.0.0.1:`targetPort`.
 * @param {{ listenPort: number, targetPort: number, delayMs?: number }} options
 * @returns {Promise<{ port: number, close(): Promise<void> }>}
 */
export function startLatencyProxy({ listenPort, targetPort, delayMs = 100 }) {
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  /**
   * @param {import('node:net').Socket} from
   * @param {import('node:net').Socket} to
   */
  const pipeDelayed = (from, to) => {
    from.on('data', (chunk) => {
      setTimeout(() => {
        if (!to.destroyed) to.write(chunk);
      }, delayMs);
    });
    from.on('end', () => setTimeout(() => to.end(), delayMs));
    from.on('error', () => to.destroy());
    from.on('close', () => setTimeout(() => to.destroy(), delayMs));
  };
  const server = createServer((client) => {
    const upstream = createConnection({ host: HOST, port: targetPort });
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    pipeDelayed(client, upstream);
    pipeDelayed(upstream, client);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, HOST, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : listenPort,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done(undefined));
          }),
      });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [listen, target, delay] = process.argv.slice(2).map(Number);
  if (!Number.isInteger(listen) || !Number.isInteger(target)) {
    console.error('Usage: node scripts/latency-proxy.mjs <listen port> <target port> [delay ms]');
    process.exit(2);
  }
  const proxy = await startLatencyProxy({
    listenPort: listen,
    targetPort: target,
    delayMs: Number.isFinite(delay) ? delay : 100,
  });
  console.log(`latency proxy on ${HOST}:${proxy.port} → ${HOST}:${target} (+${delay ?? 100} ms)`);
}
