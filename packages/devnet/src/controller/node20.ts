/**
 * libp2p 3 calls Promise.withResolvers (ES2024), which Node 22 has and Node 20 (this repo's
 * minimum) lacks. This defines it with the standard semantics when it is missing; importing the
 * module is enough.
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

export {};
