import type { Block } from '../blocks/block.ts';
import type { ChainNode } from '../node/node.ts';
import { optionalHash, RpcError } from './params.ts';

/** One client connection, as the methods see it. */
export interface RpcConnection {
  /** The page's origin, or undefined for a tool (no Origin header). */
  origin: string | undefined;
  /** Whether dev_* methods may be called on this connection. */
  devAllowed: boolean;
}

/** A subscription: its id, the notification method, and how it ends. */
export interface Subscription {
  id: string;
  connection: RpcConnection;
  /** The notification's `method` (chain_newHead…). */
  notification: string;
  /** state_subscribeStorage: the keys (none: every key). */
  keys?: string[];
  stop?: () => void;
}

export interface MethodHooks {
  /** Called after a transaction was pooled (instant seal). */
  onSubmit?: () => void;
  /** dev_newBlock: builds `count` blocks and answers the last hash. */
  newBlocks: (count: number) => Promise<string>;
  /** dev_holdBlocks: holds block production (true) or releases it (false). */
  holdBlocks: (held: boolean) => void;
  /** Sends a notification of a subscription to its connection. */
  notify(sub: Subscription, result: unknown): void;
  /** Ends a subscription (after its last notification). */
  end(sub: Subscription): void;
}

export type Handler = (params: unknown[], connection: RpcConnection) => unknown;
export type Starter = (params: unknown[], sub: Subscription) => void;

/** A method of the table: a call, the start of a subscription, or the end of one. */
export type RpcMethod =
  | { kind: 'call'; handle: Handler }
  | { kind: 'subscribe'; start: Starter }
  | { kind: 'unsubscribe' };

/** One namespace's methods, by name. */
export type MethodEntries = [string, RpcMethod][];

export const call = (handle: Handler): RpcMethod => ({ kind: 'call', handle });
export const subscribe = (start: Starter): RpcMethod => ({ kind: 'subscribe', start });
export const UNSUBSCRIBE: RpcMethod = { kind: 'unsubscribe' };

/** What every namespace's methods share: the node, the server's hooks and a few readers. */
export function methodContext(node: ChainNode, hooks: MethodHooks) {
  return {
    node,
    hooks,
    /** The runtime version of a block (the best block's without one), with its API list. */
    runtimeVersion: (block?: Block) => {
      const runtime = block ? node.runtimeAt(block) : node.runtime;
      return { ...runtime.version, apis: runtime.apis };
    },
    /** The block of an optional hash parameter (the best block without one). */
    blockOf: (hash: unknown): Block => {
      const wanted = optionalHash(hash);
      if (wanted === null) return node.best;
      const block = node.blocks.get(wanted);
      if (!block) {
        throw new RpcError(
          4003,
          `Client error: UnknownBlock: State already discarded for ${wanted}`,
        );
      }
      return block;
    },
    /** A transaction longer than this cannot go into a block (the prefix and version aside). */
    maxExtrinsicBytes: node.runtime.blockLimits.normalLength + 5,
  };
}

export type MethodContext = ReturnType<typeof methodContext>;
