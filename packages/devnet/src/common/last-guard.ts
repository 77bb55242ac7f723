import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The devnet's last guard (docs/devnet.md, "When one service fails"). Every service runs in one
 * Node process, where an exception nobody catches, or a rejection nobody handles, ends the process
 * and with it the chain, IPFS, the oracle and Home Assistant. Each service is started inside its
 * own name (`asService`); Node carries that name along every callback, timer and promise the
 * service creates, its servers' requests included. Once the devnet is up, such an error is logged
 * with the name of the service it came from and the process goes on; while it starts, an error
 * still ends it, as a service that cannot start is a devnet that cannot run.
 */

const serviceName = new AsyncLocalStorage<string>();

/** Runs `start` (a service's start, or a lever) as part of the service `name`. */
export function asService<T>(name: string, start: () => T): T {
  return serviceName.run(name, start);
}

/** The service the code running now belongs to, if it runs inside one. */
export function currentService(): string | undefined {
  return serviceName.getStore();
}

export interface LastGuard {
  /** The devnet is up: from now on an escaped error is logged and the process goes on. */
  started(): void;
  /** The devnet is stopping: errors are only logged. */
  stopping(): void;
}

export interface LastGuardOptions {
  /** Called once for an escaped error before `started()`: the devnet cannot start. */
  onStartupFailure(error: unknown, service: string | undefined): void;
  log?: (line: string) => void;
  /** The process to guard (tests give an emitter of their own). */
  target?: Pick<NodeJS.Process, 'on'>;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  try {
    return `a thrown value that is no Error: ${JSON.stringify(error)}`;
  } catch {
    return `a thrown value that is no Error: ${String(error)}`;
  }
}

/** Catches what escapes every service: `uncaughtException` and `unhandledRejection`. */
export function installLastGuard({
  onStartupFailure,
  log = (line) => console.error(line),
  target = process,
}: LastGuardOptions): LastGuard {
  let phase: 'starting' | 'serving' | 'stopping' = 'starting';
  let failed = false;
  const escaped = (kind: string) => (error: unknown) => {
    const service = currentService();
    const who = service ? `the ${service} service` : 'a part of the devnet outside any service';
    if (phase === 'starting') {
      log(`devnet: ${kind} in ${who} while the devnet starts: ${describe(error)}`);
      if (!failed) {
        failed = true;
        onStartupFailure(error, service);
      }
      return;
    }
    const goesOn =
      phase === 'serving'
        ? 'the process goes on, and so do the other services'
        : 'the devnet is stopping';
    log(`devnet: ${kind} in ${who} (${goesOn}): ${describe(error)}`);
  };
  target.on('uncaughtException', escaped('an uncaught exception'));
  target.on('unhandledRejection', escaped('an unhandled rejection'));
  return {
    started: () => {
      phase = 'serving';
    },
    stopping: () => {
      phase = 'stopping';
    },
  };
}
