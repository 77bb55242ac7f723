/** localStorage access that never throws (private mode, quota, disabled storage). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): boolean {
    try {
      globalThis.localStorage?.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // Nothing to do: storage is unavailable.
    }
  },
  /** Every key, or none when storage is unavailable. */
  keys(): string[] {
    try {
      const storage = globalThis.localStorage;
      if (!storage) return [];
      return Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
        (key): key is string => key !== null,
      );
    } catch {
      return [];
    }
  },
};
