// Several IPFS gateways ranked by speed, as production needs them (see docs/ipfs-gateways.md):
// the choice of the gateway every read goes through, with failover when it stops answering. The
// list is in gateway-list.ts, the probe and the ranking in gateway-probe.ts.
import { GatewayMismatchError, GatewayReadError } from './gateway.ts';
import {
  addUserGateway,
  gatewayOrigins,
  MAX_USER_GATEWAYS,
  normaliseGateway,
} from './gateway-list.ts';
import {
  type GatewayState,
  type ProbeOptions,
  type ProbeResult,
  probeGateway,
  rankGateways,
} from './gateway-probe.ts';

/** Probes in flight at once, over every round. */
export const PROBE_CONCURRENCY = 6;

/** What the panel shows when no gateway can serve the file (docs/ipfs-gateways.md). */
export const NO_GATEWAYS_TEXT =
  'No available gateways found. Try adding your custom gateway or wait.';
/** What a read says when gateways answered but none with the file its address names. */
export const UNVERIFIED_FILE_TEXT =
  'File not available: no gateway served the file as its address says.';
/** What the panel shows then. */
export const NO_VERIFIED_GATEWAYS_TEXT =
  'No gateway served the file as its address says. Try adding your custom gateway or wait.';

export interface GatewayEntry {
  origin: string;
  /** Added by the user (so it can be removed). */
  user: boolean;
  state: GatewayState;
  /** A probe of this gateway is under way. */
  checking: boolean;
  ms: number | null;
  error: string | null;
}

export interface GatewaySnapshot {
  /** Ranked: fastest first, unavailable last. */
  entries: GatewayEntry[];
  picked: string | null;
  /** A visible check is under way: the picked gateway did not answer (or none is picked yet). */
  checking: boolean;
  /** The last check found no gateway that serves the file. */
  noneAvailable: boolean;
  /** ...and at least one of them sent bytes that do not match the file's address. */
  unverified: boolean;
}

/** No gateway could serve the file (`mismatch`: one at least sent bytes not matching it). */
export class NoGatewayError extends Error {
  constructor(
    readonly lastError: string | null,
    readonly mismatch = false,
  ) {
    super(mismatch ? UNVERIFIED_FILE_TEXT : 'File not available');
    this.name = 'NoGatewayError';
  }
}

export interface SelectorOptions extends Omit<ProbeOptions, 'signal'> {
  /** The built-in gateways. */
  defaults: readonly string[];
  user?: readonly string[];
  picked?: string | null;
  concurrency?: number;
  /** Called when the user list or the picked gateway changes, to keep them on this device. */
  persist?(state: { user: string[]; picked: string | null }): void;
}

interface Round {
  path: string;
  probes: Map<string, Promise<ProbeResult>>;
  settled: Map<string, ProbeResult>;
  /** Gateways whose read failed in this round: unavailable whatever their HEAD said. */
  failed: Map<string, string>;
  wake: Set<() => void>;
  abort: AbortController;
  readers: number;
  /** Probes not settled yet. */
  pending: number;
}

/**
 * The gateway choice of the app. Every read of a path goes through the picked gateway while a
 * round of HEAD probes re-ranks all gateways quietly; when the picked gateway does not answer
 * (or none is picked yet), a visible check waits for the fastest gateway that does and picks it.
 */
export class GatewaySelector {
  private readonly defaults: string[];
  private user: string[];
  private picked: string | null;
  private readonly states = new Map<
    string,
    { state: GatewayState; ms: number | null; error: string | null }
  >();
  /** Gateways with a probe under way in the current round. */
  private readonly probing = new Set<string>();
  /**
   * Gateways caught sending bytes that do not match the address asked for, with what they did:
   * ranked last in every round until a read through one of them checks out again.
   */
  private readonly mismatched = new Map<string, string>();
  private checks = 0;
  private noneAvailable = false;
  private unverified = false;
  private round: Round | null = null;
  private lastPath: string | null = null;
  private readonly listeners = new Set<(snapshot: GatewaySnapshot) => void>();
  private current: GatewaySnapshot;
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private readonly options: SelectorOptions) {
    this.defaults = gatewayOrigins(options.defaults);
    this.user = gatewayOrigins(options.user ?? [])
      .filter((o) => !this.defaults.includes(o))
      .slice(0, MAX_USER_GATEWAYS);
    const picked = options.picked ? normaliseGateway(options.picked) : null;
    this.picked = picked?.ok && this.gateways().includes(picked.origin) ? picked.origin : null;
    this.current = this.build();
  }

  /** Every gateway, built-in first, in list order. */
  gateways(): string[] {
    return [...this.defaults, ...this.user];
  }

  snapshot(): GatewaySnapshot {
    return this.current;
  }

  subscribe(listener: (snapshot: GatewaySnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The picked gateway, or the first in the list when none is picked yet (for links). */
  preferred(): string | null {
    return this.picked ?? this.gateways()[0] ?? null;
  }

  /** The user's choice from the list. */
  pick(origin: string): void {
    if (!this.gateways().includes(origin) || this.picked === origin) return;
    this.picked = origin;
    this.persist();
    this.emit();
  }

  /** "Switch gateway": adds the user's gateway, picks it and checks the list again. */
  add(input: string): { ok: true; origin: string } | { ok: false; error: string } {
    const added = addUserGateway(this.user, this.defaults, input);
    if (!added.ok) return added;
    this.user = added.user;
    this.picked = added.origin;
    this.persist();
    this.emit();
    void this.recheck();
    return { ok: true, origin: added.origin };
  }

  /** Removes one of the user's gateways; removing the picked one checks the list again. */
  remove(origin: string): void {
    if (!this.user.includes(origin)) return;
    this.user = this.user.filter((o) => o !== origin);
    this.states.delete(origin);
    this.mismatched.delete(origin);
    const wasPicked = this.picked === origin;
    if (wasPicked) this.picked = null;
    this.persist();
    this.emit();
    if (wasPicked) void this.recheck();
  }

  /**
   * Probes every gateway again with the last file read; when the picked gateway does not
   * answer, the fastest one that does is picked (visibly).
   */
  async recheck(): Promise<void> {
    if (!this.lastPath) return;
    const round = this.startRound(this.lastPath);
    round.readers++;
    for (const origin of this.gateways()) void this.probeIn(round, origin);
    try {
      const picked = this.picked;
      if (picked && (await this.probeIn(round, picked)).ok && !this.mismatched.has(picked)) {
        this.setNone(false);
        return;
      }
      await this.visibly(async () => {
        const next = await this.nextAvailable(round, new Set(picked ? [picked] : []));
        if (next) this.setPicked(next);
        this.setNone(next === null, false);
      });
    } finally {
      round.readers--;
    }
  }

  /**
   * Reads an IPFS path through the picked gateway, re-ranking the list quietly meanwhile. When
   * the read fails because of the gateway (a `GatewayReadError`), the next fastest gateway that
   * answers is picked and the read tried again there; other errors are the file's own.
   */
  async read<T>(path: string, reader: (origin: string) => Promise<T>): Promise<T> {
    this.lastPath = path;
    // A round still under way for the same file is joined; a finished one is not trusted.
    const round =
      this.round && this.round.path === path && this.round.pending > 0
        ? this.round
        : this.startRound(path);
    round.readers++;
    for (const origin of this.gateways()) void this.probeIn(round, origin);
    const tried = new Set<string>();
    let lastError: string | null = null;
    let mismatch = false;
    let visible = false;
    try {
      let origin = this.picked;
      for (;;) {
        if (!origin) {
          if (!visible) {
            visible = true;
            this.checks++;
            this.emit();
          }
          origin = await this.nextAvailable(round, tried);
          if (!origin) {
            this.setNone(true, mismatch);
            throw new NoGatewayError(lastError, mismatch);
          }
          this.setPicked(origin);
        }
        tried.add(origin);
        try {
          const value = await reader(origin);
          if (this.mismatched.delete(origin)) {
            const settled = round.settled.get(origin);
            this.setState(origin, { state: 'ok', ms: settled?.ms ?? null, error: null });
          }
          this.setNone(false);
          return value;
        } catch (error) {
          if (!(error instanceof GatewayReadError)) throw error;
          lastError = error.message;
          round.failed.set(origin, error.message);
          if (error instanceof GatewayMismatchError) {
            mismatch = true;
            this.mismatched.set(origin, error.message);
            this.setState(origin, { state: 'mismatch', ms: null, error: error.message });
          } else this.setState(origin, { state: 'failed', ms: null, error: error.message });
          for (const wake of [...round.wake]) wake();
          origin = null;
        }
      }
    } finally {
      round.readers--;
      if (visible) {
        this.checks--;
        this.emit();
      }
    }
  }

  private async visibly(run: () => Promise<void>): Promise<void> {
    this.checks++;
    this.emit();
    try {
      await run();
    } finally {
      this.checks--;
      this.emit();
    }
  }

  private startRound(path: string): Round {
    // Probes of an earlier round nobody waits for are dropped, so they do not hold the queue.
    if (this.round && this.round.readers === 0) this.round.abort.abort();
    this.probing.clear();
    this.round = {
      path,
      probes: new Map(),
      settled: new Map(),
      failed: new Map(),
      wake: new Set(),
      abort: new AbortController(),
      readers: 0,
      pending: 0,
    };
    return this.round;
  }

  private probeIn(round: Round, origin: string): Promise<ProbeResult> {
    const existing = round.probes.get(origin);
    if (existing) return existing;
    if (this.round === round) this.setProbing(origin, true);
    round.pending++;
    const probe = this.limited(() =>
      probeGateway(origin, round.path, { ...this.options, signal: round.abort.signal }),
    ).then((result) => {
      round.pending--;
      if (round.abort.signal.aborted) return result;
      const failed = round.failed.get(origin);
      const final = failed ? { origin, ok: false, ms: null, error: failed } : result;
      round.settled.set(origin, final);
      if (this.gateways().includes(origin) && this.round === round) {
        this.probing.delete(origin);
        // Answering a HEAD does not clear a gateway that sent the wrong bytes.
        const lied = this.mismatched.get(origin);
        this.setState(
          origin,
          lied !== undefined
            ? { state: 'mismatch', ms: final.ms, error: lied }
            : { state: final.ok ? 'ok' : 'failed', ms: final.ms, error: final.error },
        );
      }
      for (const wake of [...round.wake]) wake();
      return final;
    });
    round.probes.set(origin, probe);
    return probe;
  }

  /**
   * The fastest gateway that answered in this round and is not excluded; waits for one. Those
   * that sent the wrong bytes before come last: tried only when no other answers.
   */
  private async nextAvailable(round: Round, exclude: Set<string>): Promise<string | null> {
    for (;;) {
      const gateways = this.gateways().filter((o) => !exclude.has(o));
      for (const origin of gateways) void this.probeIn(round, origin);
      const answered = gateways
        .map((o) => round.settled.get(o))
        .filter((r): r is ProbeResult => r?.ok === true && !round.failed.has(r.origin))
        .sort(
          (a, b) =>
            Number(this.mismatched.has(a.origin)) - Number(this.mismatched.has(b.origin)) ||
            (a.ms ?? 0) - (b.ms ?? 0),
        );
      const settled = gateways.every((o) => round.settled.has(o) || round.failed.has(o));
      const best = answered[0];
      // A trusted one may still answer: wait for it before falling back on a distrusted one.
      if (best && (!this.mismatched.has(best.origin) || settled)) return best.origin;
      if (settled) return null;
      await new Promise<void>((resolve) => {
        const wake = () => {
          round.wake.delete(wake);
          resolve();
        };
        round.wake.add(wake);
      });
    }
  }

  private async limited<T>(run: () => Promise<T>): Promise<T> {
    const limit = this.options.concurrency ?? PROBE_CONCURRENCY;
    if (this.active >= limit) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.active++;
    try {
      return await run();
    } finally {
      this.active--;
      this.queue.shift()?.();
    }
  }

  private setProbing(origin: string, probing: boolean) {
    if (probing) this.probing.add(origin);
    else this.probing.delete(origin);
    this.emit();
  }

  private stateOf(origin: string) {
    return this.states.get(origin) ?? { state: 'untested' as const, ms: null, error: null };
  }

  private setState(
    origin: string,
    state: { state: GatewayState; ms: number | null; error: string | null },
  ) {
    this.states.set(origin, state);
    this.emit();
  }

  private setPicked(origin: string) {
    if (this.picked === origin) return;
    this.picked = origin;
    this.persist();
    this.emit();
  }

  private setNone(none: boolean, unverified = false) {
    const value = none && unverified;
    if (this.noneAvailable === none && this.unverified === value) return;
    this.noneAvailable = none;
    this.unverified = value;
    this.emit();
  }

  private persist() {
    this.options.persist?.({ user: [...this.user], picked: this.picked });
  }

  private build(): GatewaySnapshot {
    const entries = rankGateways(
      this.gateways().map((origin) => ({
        origin,
        user: this.user.includes(origin),
        checking: this.probing.has(origin),
        ...this.stateOf(origin),
      })),
    );
    return {
      entries,
      picked: this.picked,
      checking: this.checks > 0,
      noneAvailable: this.noneAvailable,
      unverified: this.unverified,
    };
  }

  private emit() {
    this.current = this.build();
    for (const listener of this.listeners) listener(this.current);
  }
}
