import { hexToU8a, stringToU8a, u8aToHex } from '@polkadot/util';
import { blake2AsU8a } from '@polkadot/util-crypto';
import type { ExecContext } from './context.ts';
import type { Runtime, RuntimeUpgrade } from './runtime.ts';

/** The well-known storage key of the runtime code, `:code`. */
export const CODE_KEY = '0x3a636f6465';
/** What the devnet writes as `:code` for an upgrade: a marker and the upgrade as JSON. */
const CODE_MARKER = 'devnet-runtime-upgrade:';

/** The `:code` value of an upgrade (the devnet runs TypeScript, not WebAssembly). */
export function codeOfUpgrade(upgrade: RuntimeUpgrade): string {
  return u8aToHex(
    stringToU8a(
      `${CODE_MARKER}${JSON.stringify(upgrade, (_, v) => (typeof v === 'bigint' ? v.toString() : v))}`,
    ),
  );
}

/** The upgrade a `:code` value describes, or null for any other value. */
export function upgradeOfCode(code: string): RuntimeUpgrade | null {
  const text = new TextDecoder().decode(hexToU8a(code));
  if (!text.startsWith(CODE_MARKER)) return null;
  return JSON.parse(text.slice(CODE_MARKER.length)) as RuntimeUpgrade;
}

/** An upgrade waiting for the block that applies it, with the runtime it makes. */
export interface PendingUpgrade {
  runtime: Runtime;
  upgrade: RuntimeUpgrade;
}

/**
 * The runtimes a chain has run, each with the first block it runs (oldest first), and the
 * upgrade the next block applies (dev_upgradeRuntime; see docs/json-rpc.md).
 */
export class RuntimeHistory {
  readonly #runtimes: { from: number; runtime: Runtime }[];
  #pending: PendingUpgrade | null = null;

  constructor(genesis: Runtime) {
    this.#runtimes = [{ from: 0, runtime: genesis }];
  }

  /** The runtime of the best block (the one new blocks and transactions use). */
  get current(): Runtime {
    return this.#runtimes.at(-1)!.runtime;
  }

  /** The runtime a block's state runs (the upgraded one from the block that applied it on). */
  at(number: number): Runtime {
    for (let i = this.#runtimes.length - 1; i > 0; i--) {
      if (this.#runtimes[i]!.from <= number) return this.#runtimes[i]!.runtime;
    }
    return this.#runtimes[0]!.runtime;
  }

  /** Schedules an upgrade for the next block. Throws for an impossible upgrade. */
  schedule(upgrade: RuntimeUpgrade): Runtime {
    if (this.#pending) throw new Error('an upgrade is already waiting for the next block');
    const runtime = this.current.upgraded(upgrade);
    this.#pending = { runtime, upgrade };
    return runtime;
  }

  /**
   * The waiting upgrade, taken by block `number`: its runtime runs that block (its rules read
   * the new constants) and the later ones. Null when none waits.
   */
  takeFor(number: number): PendingUpgrade | null {
    const pending = this.#pending;
    this.#pending = null;
    if (pending) this.#runtimes.push({ from: number, runtime: pending.runtime });
    return pending;
  }

  /** The block that took the last upgrade was never made: the runtime before it runs on. */
  forgetLast(): void {
    this.#runtimes.pop();
  }

  /** A stored block's `:code` change, replayed on restore: the upgrade it applied, from then on. */
  replay(number: number, code: string): void {
    const upgrade = upgradeOfCode(code);
    if (upgrade) this.#runtimes.push({ from: number, runtime: this.current.upgraded(upgrade) });
  }
}

/**
 * What a parachain does in the initialisation of the block after the relay chain allowed its new
 * code: the code changes, then System records and announces it.
 */
export function applyUpgrade(ctx: ExecContext, { runtime, upgrade }: PendingUpgrade): void {
  const code = codeOfUpgrade(upgrade);
  ctx.state.set(CODE_KEY, code);
  ctx.write('system', 'lastRuntimeUpgrade', [], {
    specVersion: runtime.version.specVersion,
    specName: runtime.version.specName,
  });
  ctx.deposit('System', 'CodeUpdated', { hash: blake2AsU8a(hexToU8a(code)) });
}
