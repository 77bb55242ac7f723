import type { AddressInfo } from 'node:net';
import { compactFromU8a, compactToU8a, hexToU8a, u8aConcat, u8aToHex } from '@polkadot/util';
import { blake2AsHex, decodeAddress, xxhashAsHex } from '@polkadot/util-crypto';
import { metadataConstant } from '@robonomics-dapp/robonomics/chain/metadata/constants';
import { WebSocket, WebSocketServer } from 'ws';
import { DEFAULT_APP_ORIGINS, FOREIGN_ORIGIN_TEXT, isAllowedOrigin } from '../http/origins.ts';
import { isDevMethod } from '../json-rpc/request.ts';
import { DEFAULT_JSON_RPC_LIMITS } from '../json-rpc/server.ts';

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
  /** An account left out of an owner's RWS.Devices wherever the list is read or followed. */
  hiddenDevice?: { owner: string; device: string };
  /**
   * These keys answered with these values (SCALE hex, or null for none) wherever they are read
   * or followed: a subscription reported as gone, or one reported for an account without.
   */
  storage?: Record<string, string | null>;
  /**
   * The storage and device-list lies above are told only in reads of the latest state (no block
   * hash given) and in subscriptions; reads at a given block are answered honestly, as a node
   * would lie to a client that decides from the latest state while it compares another read.
   */
  latestOnly?: boolean;
  /** Answered for chain_getFinalizedHead instead of the real one (an old block, or none at all). */
  finalizedHead?: string;
  /**
   * The link is cut (the page's socket closed) this many ms after the node took a transaction
   * (its answer to the submission went out), before or while its status is told.
   */
  cutAfterSubmit?: number;
  /** The link is cut right after a transaction's "in block" status is passed on, before "final". */
  cutAfterInBlock?: boolean;
  /** The link is cut the next time a block's body is read (a search for a transaction); once. */
  cutOnBlockRead?: boolean;
  /** Transactions are answered as if taken but never passed on: the chain never includes them. */
  swallowSubmissions?: boolean;
  /** New connections are refused (HTTP 503) while set: the link stays down. */
  refuseConnections?: boolean;
  /** This block number is denied (chain_getBlockHash answers null) though it is final. */
  deniedBlock?: number;
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

/**
 * Metadata (hex) with one u128 constant changed, as a lying node would serve it: the bytes are
 * rewritten in place, everything else as served.
 */
export function withU128Constant(
  hex: string,
  pallet: string,
  constant: string,
  value: bigint,
): string {
  const bytes = hexToU8a(hex);
  const found = metadataConstant(bytes, pallet, constant);
  if (found?.length !== 16) throw new Error(`No u128 constant ${pallet}.${constant}`);
  const view = new DataView(found.buffer, found.byteOffset, 16);
  view.setBigUint64(0, value & 0xffff_ffff_ffff_ffffn, true);
  view.setBigUint64(8, value >> 64n, true);
  return u8aToHex(bytes);
}

/** A SCALE Vec<AccountId32> without one account (an absent value stays absent). */
function withoutDevice(value: unknown, device: string): unknown {
  if (typeof value !== 'string') return value;
  const bytes = hexToU8a(value);
  const [offset, length] = compactFromU8a(bytes);
  const hidden = u8aToHex(decodeAddress(device));
  const kept: Uint8Array[] = [];
  for (let i = 0; i < length.toNumber(); i++) {
    const account = bytes.subarray(offset + i * 32, offset + (i + 1) * 32);
    if (u8aToHex(account) !== hidden) kept.push(account);
  }
  return u8aToHex(u8aConcat(compactToU8a(kept.length), ...kept));
}

/** A SCALE Vec<AccountId32> with one more account at its end (an absent value is empty). */
function withDevice(value: unknown, device: string): string {
  const bytes = typeof value === 'string' ? hexToU8a(value) : new Uint8Array([0]);
  const [offset, length] = compactFromU8a(bytes);
  return u8aToHex(
    u8aConcat(compactToU8a(length.toNumber() + 1), bytes.subarray(offset), decodeAddress(device)),
  );
}

/** A page's dev_* request: refused as a public node refuses unsafe methods. */
const isPageDevMethod = (method: unknown) => typeof method === 'string' && isDevMethod(method);

export async function startHostileNode(options: {
  /** The real node, e.g. ws://127.0.0.1:9944. */
  target: string;
  port?: number;
  rules?: HostileRules;
  /**
   * Pages that may connect, as the devnet's own gate (default: the app's devnet origins); tools
   * send no Origin and always may. The node forwards without an Origin, as a third-party node
   * would reach the chain, so this gate is the one that counts.
   */
  allowedOrigins?: readonly string[];
}): Promise<HostileNode> {
  const allowedOrigins = options.allowedOrigins ?? DEFAULT_APP_ORIGINS;
  const node: HostileNode = {
    url: '',
    rules: options.rules ?? {},
    submitted: [],
    close: async () => {},
  };
  /** How the rules rewrite an owner's device list, if they do. */
  const listRule = () => {
    const { extraDevice, hiddenDevice } = node.rules;
    if (extraDevice) {
      return {
        owner: extraDevice.owner,
        readsOnly: extraDevice.readsOnly ?? false,
        edit: (value: unknown) => withDevice(value, extraDevice.device),
      };
    }
    if (hiddenDevice) {
      return {
        owner: hiddenDevice.owner,
        readsOnly: false,
        edit: (value: unknown) => withoutDevice(value, hiddenDevice.device),
      };
    }
    return null;
  };
  const isDevicesKey = (key: unknown) => {
    const rule = listRule();
    if (!rule || typeof key !== 'string') return false;
    return (
      key.startsWith(DEVICES_PREFIX) && key.endsWith(u8aToHex(decodeAddress(rule.owner)).slice(2))
    );
  };
  /** Whether the rules answer this storage key with a value of their own. */
  const isFakedKey = (key: unknown) =>
    typeof key === 'string' && !!node.rules.storage && Object.hasOwn(node.rules.storage, key);
  /** Storage changes ([key, value] pairs) with the owner's list and the faked values rewritten. */
  const rewriteChanges = (changes: unknown, withList: boolean) =>
    Array.isArray(changes)
      ? changes.map((pair) =>
          !Array.isArray(pair)
            ? pair
            : isFakedKey(pair[0])
              ? [pair[0], node.rules.storage![pair[0]]]
              : withList && isDevicesKey(pair[0])
                ? [pair[0], listRule()!.edit(pair[1])]
                : pair,
        )
      : changes;

  const rewriteAnswer = (request: Message, answer: Message): Message => {
    const { genesisHash, properties, metadata } = node.rules;
    const rule = listRule();
    const params = Array.isArray(request.params) ? request.params : [];
    switch (request.method) {
      case 'chain_getBlockHash':
        if (genesisHash && (params[0] === 0 || params[0] === '0x0'))
          return { ...answer, result: genesisHash };
        if (node.rules.deniedBlock !== undefined && params[0] === node.rules.deniedBlock) {
          return { ...answer, result: null };
        }
        break;
      case 'chainSpec_v1_genesisHash':
        if (genesisHash) return { ...answer, result: genesisHash };
        break;
      case 'chain_getFinalizedHead':
        if (node.rules.finalizedHead) return { ...answer, result: node.rules.finalizedHead };
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
        // A read at a given block is told the truth where the lies are for the latest state.
        if (node.rules.latestOnly && typeof params[1] === 'string') break;
        if (isFakedKey(params[0]) && 'result' in answer) {
          return { ...answer, result: node.rules.storage![params[0] as string] };
        }
        if (rule && isDevicesKey(params[0]) && 'result' in answer) {
          return { ...answer, result: rule.edit(answer.result) };
        }
        break;
      case 'state_queryStorageAt':
        if (node.rules.latestOnly && typeof params[1] === 'string') break;
        if ((rule || node.rules.storage) && Array.isArray(answer.result)) {
          return {
            ...answer,
            result: answer.result.map((set: { changes?: unknown }) => ({
              ...set,
              changes: rewriteChanges(set.changes, !!rule),
            })),
          };
        }
        break;
    }
    return answer;
  };

  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: options.port ?? 0,
    // The devnet's own bounds: no frame larger than its largest, no page of another origin.
    maxPayload: DEFAULT_JSON_RPC_LIMITS.maxFrameBytes,
    verifyClient: ({ req }, done) => {
      if (node.rules.refuseConnections) {
        done(false, 503, 'The node is down.');
        return;
      }
      const origin = req.headers.origin;
      if (isAllowedOrigin(typeof origin === 'string' ? origin : undefined, allowedOrigins))
        done(true);
      else done(false, 403, FOREIGN_ORIGIN_TEXT);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  server.on('connection', (client, req) => {
    // A page (it sent an Origin) gets no dev_* method, as from any public node.
    const fromPage = req.headers.origin !== undefined;
    // No Origin header upstream: the devnet serves the proxy as it serves any tool.
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
        const requests = Array.isArray(parsed) ? parsed : [parsed];
        if (fromPage && requests.some((request) => isPageDevMethod(request?.method))) {
          const refuse = (request: Message) => ({
            jsonrpc: '2.0',
            id: request?.id ?? null,
            error: { code: -32601, message: 'RPC call is unsafe to be called externally' },
          });
          client.send(
            JSON.stringify(Array.isArray(parsed) ? requests.map(refuse) : refuse(parsed)),
          );
          return;
        }
        let swallowed = false;
        for (const request of requests) {
          if (request && typeof request === 'object' && 'id' in request)
            asked.set(request.id, request);
          if (request?.method === 'chain_getBlock' && node.rules.cutOnBlockRead) {
            node.rules.cutOnBlockRead = false;
            closeBoth();
            return;
          }
          if (request?.method && SUBMIT_METHODS.has(request.method)) {
            const params = Array.isArray(request.params) ? request.params : [];
            node.submitted.push(String(params[0]));
            if (node.rules.swallowSubmissions && !Array.isArray(parsed)) {
              // Taken, as far as the page can tell: a subscription that never hears anything.
              swallowed = true;
              const result =
                request.method === 'author_submitExtrinsic'
                  ? blake2AsHex(String(params[0]), 256)
                  : `swallowed-${node.submitted.length}`;
              client.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result }));
            }
          }
        }
        if (swallowed) return;
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
          const cut = node.rules.cutAfterSubmit;
          if (cut !== undefined && request.method && SUBMIT_METHODS.has(request.method)) {
            setTimeout(closeBoth, cut);
          }
          return rewriteAnswer(request, message);
        }
        const rule = listRule();
        const withList = !!rule && !rule.readsOnly;
        if (
          node.rules.cutAfterInBlock &&
          message.method === 'author_extrinsicUpdate' &&
          typeof (message.params as { result?: unknown })?.result === 'object' &&
          'inBlock' in ((message.params as { result: object }).result ?? {})
        ) {
          // Passed on first, then the link goes: the page hears "in block" and nothing more.
          setTimeout(closeBoth, 0);
        }
        if (message.method === 'state_storage' && (withList || node.rules.storage)) {
          const params = message.params as { result?: { changes?: unknown } };
          return {
            ...message,
            params: {
              ...params,
              result: {
                ...params.result,
                changes: rewriteChanges(params.result?.changes, withList),
              },
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
