/**
 * Promise.withResolvers (ES2024), which libp2p 3 uses, defined where the platform lacks it
 * (Node 20, this repository's minimum; browsers that run libp2p 3 have it). Importing the module
 * is enough; the semantics are the standard ones.
 */

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
