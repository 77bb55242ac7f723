/** The live /update slot is flushed at most once a second (see docs/home-assistant.md). */
export const UPDATE_FLUSH_MS = 1_000;

/**
 * HA's live push (docs/home-assistant.md, Cadence): a one-slot queue holding the newest snapshot,
 * handed to the proxy at most once a second (the first change after a quiet second goes out at
 * once) for every connected peer, and kept by the proxy for peers that connect later.
 */
export class LiveUpdates {
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private lastFlush = 0;
  /** Hands a body to the proxy; false when the proxy is not linked now. */
  private push: ((body: unknown) => boolean) | undefined;
  private onSent: ((body: unknown) => void) | undefined;
  private stopped = false;

  constructor(private readonly build: () => unknown | undefined) {}

  attach(push: (body: unknown) => boolean, onSent: (body: unknown) => void): void {
    this.push = push;
    this.onSent = onSent;
  }

  markDirty(): void {
    this.dirty = true;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(delay?: number): void {
    if (this.timer || this.stopped) return;
    const wait = delay ?? Math.max(0, this.lastFlush + UPDATE_FLUSH_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, wait);
  }

  private flush(): void {
    if (!this.dirty || !this.push || this.stopped) return;
    let body: unknown;
    try {
      body = this.build();
    } catch {
      body = undefined;
    }
    // No device list yet: the envelope cannot be made; try again shortly.
    if (body === undefined) {
      this.schedule(UPDATE_FLUSH_MS);
      return;
    }
    // The proxy is away: the newest snapshot waits for it.
    if (!this.push(body)) {
      this.schedule(UPDATE_FLUSH_MS);
      return;
    }
    this.dirty = false;
    this.lastFlush = Date.now();
    this.onSent?.(body);
  }
}
