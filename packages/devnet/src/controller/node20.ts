import { WebSocket as NodeWebSocket } from 'ws';

/**
 * What libp2p 3 expects of the platform and Node 20 (this repo's minimum) lacks, defined when
 * missing; importing the module is enough:
 * - Promise.withResolvers (ES2024), with the standard semantics;
 * - a global WebSocket, which the websockets transport dials with (browsers and Node 22 have
 *   it); ws is the implementation Node's own is tested against.
 */

(globalThis as { WebSocket?: unknown }).WebSocket ??= NodeWebSocket;

interface Resolvers<T> {
  promise: Promise<T>;
  resolve: (value: T | PromiseLike<T>) => void;
  reject: (reason?: unknown) => void;
}

const PromiseConstructor = Promise as unknown as { withResolvers?: <T>() => Resolvers<T> };

if (typeof PromiseConstructor.withResolvers !== 'function') {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: function withResolvers<T>(this: PromiseConstructor): Resolvers<T> {
      let resolve!: Resolvers<T>['resolve'];
      let reject!: Resolvers<T>['reject'];
      const promise = new this<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}
