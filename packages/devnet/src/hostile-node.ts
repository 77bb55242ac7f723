import type { AddressInfo } from 'node:net';
import { compactFromU8a, compactToU8a, hexToU8a, u8aConcat, u8aToHex } from '@polkadot/util';
import { decodeAddress, xxhashAsHex } from '@polkadot/util-crypto';
import { WebSocket, WebSocketServer } from 'ws';

/**
 * A hostile node for tests: a loopback JSON-RPC proxy in front of a devnet chain that passes
 * everything through but lies where it is told to, as a node behind a bad `?rpc=` link or a
 * custom endpoint could. The app must notice each lie, say so, and send nothing it did not show.
 */
export interface HostileRules {
  /** Answered for chain_getBlockHash(0) and chainSpec_v1_genesisHash instead of the real one. */
  genesisHash?: string;
  /** Merged over the node's system_properties (tokenDecimals 12, say). */
  properties?: Record<string, unknown>;
  /** Rewrites the runtime metadata state_getMetadata answers (hex in, hex out). */
  metadata?: (hex: string) => string;
  /**
   * An account added at the end of an owner's RWS.Devices wherever the list is read or followed.
   * `readsOnly`: only one-off reads lie (state_getStorage, state_queryStorageAt), subscriptions
   * tell the truth, as a node would to change the list between what a page showed and what it
   * signs.
   */
  extraDevice?: { owner: string; device: string; readsOnly?: boolean };
}

export interface HostileNode {
  url: string;
  /** Change at any time: later answers follow. */
  rules: HostileRules;
  /** Every transaction clients sent through it (hex), in order. */
  submitted: string[];
  close(): Promise<void>;
}

const SUBMIT_METHODS = new Set([
  'author_submitExtrinsic',
  'author_submitAndWatchExtrinsic',
  'transaction_v1_broadcast',
  'transactionWatch_v1_submitAndWatch',
]);
const DEVICES_PREFIX = xxhashAsHex('RWS', 128) + xxhashAsHex('Devices', 128).slice(2);

type Message = { id?: unknown; method?: string; params?: unknown; result?: unknown };

/** A SCALE Vec<AccountId32> with one more account at its end (an absent value is empty). */
function withDevice(value: unknown, device: string): string {
  const bytes = typeof value === 'string' ? hexToU8a(value) : new Uint8Array([0]);
  const [offset, length] = compactFromU8a(bytes);
  return u8aToHex(
    u8aConcat(compactToU8a(length.toNumber() + 1), bytes.subarray(offset), decodeAddress(device)),
  );
}

export async function startHostileNode(options: {
  /** The real node, e.g. ws://127.0.0.1:9944. */
  target: string;
  port?: number;
  rules?: HostileRules;
}): Promise<HostileNode> {
  const node: HostileNode = {
    url: '',
    rules: options.rules ?? {},
    submitted: [],
    close: async () => {},
  };
  const isDevicesKey = (key: unknown) => {
    const extra = node.rules.extraDevice;
    if (!extra || typeof key !== 'string') return false;
    return (
      key.startsWith(DEVICES_PREFIX) && key.endsWith(u8aToHex(decodeAddress(extra.owner)).slice(2))
    );
  };
  const device = () => node.rules.extraDevice!.device;
  /** Storage changes ([key, value] pairs) with the extra device put into the owner's list. */
  const rewriteChanges = (changes: unknown) =>
    Array.isArray(changes)
      ? changes.map((pair) =>
          Array.isArray(pair) && isDevicesKey(pair[0])
            ? [pair[0], withDevice(pair[1], device())]
            : pair,
        )
      : changes;

  const rewriteAnswer = (request: Message, answer: Message): Message => {
    const { genesisHash, properties, metadata, extraDevice } = node.rules;
    const params = Array.isArray(request.params) ? request.params : [];
    switch (request.method) {
      case 'chain_getBlockHash':
        if (genesisHash && (params[0] === 0 || params[0] === '0x0'))
          return { ...answer, result: genesisHash };
        break;
      case 'chainSpec_v1_genesisHash':
        if (genesisHash) return { ...answer, result: genesisHash };
        break;
      case 'system_properties':
      case 'chainSpec_v1_properties':
        if (properties)
          return { ...answer, result: { ...(answer.result as object), ...properties } };
        break;
      case 'state_getMetadata':
        if (metadata && typeof answer.result === 'string') {
          return { ...answer, result: metadata(answer.result) };
        }
        break;
      case 'state_getStorage':
        if (extraDevice && isDevicesKey(params[0]) && 'result' in answer) {
          return { ...answer, result: withDevice(answer.result, extraDevice.device) };
        }
        break;
      case 'state_queryStorageAt':
        if (extraDevice && Array.isArray(answer.result)) {
          return {
            ...answer,
            result: answer.result.map((set: { changes?: unknown }) => ({
              ...set,
              changes: rewriteChanges(set.changes),
            })),
          };
        }
        break;
    }
    return answer;
  };

  const server = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  server.on('connection', (client) => {
    // No Origin header: the devnet serves the proxy as it serves any tool.
    const upstream = new WebSocket(options.target);
    const asked = new Map<unknown, Message>();
    const queued: string[] = [];
    upstream.on('open', () => {
      for (const text of queued.splice(0)) upstream.send(text);
    });
    client.on('message', (data) => {
      const text = data.toString();
      try {
        const parsed = JSON.parse(text) as Message | Message[];
        for (const request of Array.isArray(parsed) ? parsed : [parsed]) {
          if (request && typeof request === 'object' && 'id' in request)
            asked.set(request.id, request);
          if (request?.method && SUBMIT_METHODS.has(request.method)) {
            const params = Array.isArray(request.params) ? request.params : [];
            node.submitted.push(String(params[0]));
          }
        }
      } catch {
        // Passed on as it is: the node answers it.
      }
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else queued.push(text);
    });
    upstream.on('message', (data) => {
      let parsed: Message | Message[];
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        client.send(data.toString());
        return;
      }
      const rewrite = (message: Message): Message => {
        if ('id' in message && asked.has(message.id)) {
          const request = asked.get(message.id)!;
          asked.delete(message.id);
          return rewriteAnswer(request, message);
        }
        const extra = node.rules.extraDevice;
        if (message.method === 'state_storage' && extra && !extra.readsOnly) {
          const params = message.params as { result?: { changes?: unknown } };
          return {
            ...message,
            params: {
              ...params,
              result: { ...params.result, changes: rewriteChanges(params.result?.changes) },
            },
          };
        }
        return message;
      };
      client.send(JSON.stringify(Array.isArray(parsed) ? parsed.map(rewrite) : rewrite(parsed)));
    });
    const closeBoth = () => {
      client.terminate();
      upstream.terminate();
    };
    client.on('close', closeBoth);
    upstream.on('close', closeBoth);
    client.on('error', closeBoth);
    upstream.on('error', closeBoth);
  });
  node.url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  node.close = () =>
    new Promise<void>((resolve) => {
      for (const client of server.clients) client.terminate();
      server.close(() => resolve());
    });
  return node;
}
