import type { ClientConnection } from '../../json-rpc/request.ts';
import type { Block } from '../blocks/block.ts';
import type { ChainNode } from '../node/node.ts';
import type { RpcConnection, Subscription } from './table.ts';

/** A client connection as the chain's methods keep it: the server's, with its subscriptions. */
export interface Connection extends RpcConnection {
  /** Sends a text frame (the server drops a client that stopped reading). */
  send: ClientConnection['send'];
  transport: ClientConnection['transport'];
  subscriptions: Set<string>;
}

type Owned = Subscription & { owner: Connection };

/**
 * The server's subscriptions: ids, their owners, the notifications the methods send, and the
 * block and finality notifications fanned out from the node.
 */
export class SubscriptionRegistry {
  readonly #subscriptions = new Map<string, Owned>();
  #nextId = 1;

  /** A new subscription of `connection`, named by `method` until its starter renames it. */
  open(connection: Connection, method: string): Owned {
    const id = `${Date.now().toString(36)}${(this.#nextId++).toString(36)}`;
    return { id, connection, owner: connection, notification: method };
  }

  /** Keeps a subscription whose starter succeeded. */
  add(sub: Owned): void {
    this.#subscriptions.set(sub.id, sub);
    sub.owner.subscriptions.add(sub.id);
  }

  /** Ends a subscription of `connection` by id; false when it has none of that id. */
  unsubscribe(id: unknown, connection: Connection): boolean {
    const sub = typeof id === 'string' ? this.#subscriptions.get(id) : undefined;
    if (!sub || sub.owner !== connection) return false;
    sub.stop?.();
    this.end(sub);
    return true;
  }

  /** Forgets a subscription (after its last notification). */
  end(sub: Subscription): void {
    const owned = this.#subscriptions.get(sub.id);
    if (!owned) return;
    this.#subscriptions.delete(sub.id);
    owned.owner.subscriptions.delete(sub.id);
  }

  /** Sends one notification of a subscription, if it still exists. */
  notify(sub: Subscription, result: unknown): void {
    const owned = this.#subscriptions.get(sub.id);
    if (owned) this.#sendNotification(owned, JSON.stringify(result));
  }

  /** Stops and forgets every subscription of a closed connection. */
  closeConnection(connection: Connection): void {
    for (const id of connection.subscriptions) {
      this.#subscriptions.get(id)?.stop?.();
      this.#subscriptions.delete(id);
    }
    connection.subscriptions.clear();
  }

  /** Fans the node's new and final blocks out to the head and storage subscriptions. */
  follow(node: ChainNode): void {
    node.on('block', (block: Block) => {
      const header = JSON.stringify(block.header);
      const changes = [...block.changes];
      for (const sub of this.#subscriptions.values()) {
        if (sub.notification === 'chain_newHead' || sub.notification === 'chain_allHead') {
          this.#sendNotification(sub, header);
        } else if (sub.notification === 'state_storage') {
          const wanted = sub.keys
            ? sub.keys.filter((k) => block.changes.has(k)).map((k) => [k, block.changes.get(k)!])
            : changes;
          if (wanted.length > 0) {
            this.#sendNotification(sub, JSON.stringify({ block: block.hash, changes: wanted }));
          }
        }
      }
    });
    node.on('runtime', (block: Block) => {
      // A runtime upgrade: the new version to every runtime version subscriber.
      const runtime = node.runtimeAt(block);
      const version = JSON.stringify({ ...runtime.version, apis: runtime.apis });
      for (const sub of this.#subscriptions.values()) {
        if (sub.notification === 'state_runtimeVersion') this.#sendNotification(sub, version);
      }
    });
    node.on('finalized', (block: Block) => {
      const header = JSON.stringify(block.header);
      for (const sub of this.#subscriptions.values()) {
        if (sub.notification === 'chain_finalizedHead') this.#sendNotification(sub, header);
      }
    });
  }

  /** A notification, with its result already serialised (shared by every subscriber). */
  #sendNotification(sub: Owned, resultJson: string): void {
    sub.owner.send(
      `{"jsonrpc":"2.0","method":${JSON.stringify(sub.notification)},"params":{"subscription":${JSON.stringify(sub.id)},"result":${resultJson}}}`,
    );
  }
}
