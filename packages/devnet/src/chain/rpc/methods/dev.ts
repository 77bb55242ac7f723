import type { ConstantValue, Runtime, RuntimeUpgrade } from '../../runtime/runtime.ts';
import { badParams, hexParam } from '../params.ts';
import { call, type MethodContext, type MethodEntries } from '../table.ts';

/** dev_*: block production, time and storage under a tool's or a test's control. */
export function devMethods({ node, hooks }: MethodContext): MethodEntries {
  return [
    [
      'dev_newBlock',
      call(([params]) => {
        const count = (params as { count?: unknown } | undefined)?.count ?? 1;
        if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 10_000) {
          throw badParams('count must be a whole number from 1 to 10000');
        }
        return hooks.newBlocks(count);
      }),
    ],
    [
      'dev_holdBlocks',
      call(([held]) => {
        if (typeof held !== 'boolean') throw badParams('expected true (hold) or false (release)');
        hooks.holdBlocks(held);
        return held;
      }),
    ],
    [
      'dev_timeTravel',
      call(([date]) => {
        const ms =
          typeof date === 'number'
            ? date
            : typeof date === 'string' && date.length <= 64
              ? Date.parse(date)
              : Number.NaN;
        if (!Number.isFinite(ms) || ms < 0) {
          throw badParams('expected a timestamp in ms or a date string');
        }
        node.timeTravel(BigInt(Math.floor(ms)));
        return Math.floor(ms);
      }),
    ],
    [
      'dev_upgradeRuntime',
      call(async ([params]) => {
        const upgrade = upgradeParam(params, node.runtime.version.specVersion);
        let runtime: Runtime;
        try {
          runtime = node.scheduleUpgrade(upgrade);
        } catch (error) {
          throw badParams((error as Error).message);
        }
        const blockHash = await hooks.newBlocks(1);
        return { specVersion: runtime.version.specVersion, blockHash };
      }),
    ],
    [
      'dev_setStorage',
      call(([changes]) => {
        const list = Array.isArray(changes)
          ? changes
          : changes && typeof changes === 'object'
            ? Object.entries(changes)
            : null;
        if (!list) throw badParams('expected [[key, value|null], …]');
        const pairs = list.map((entry) => {
          if (!Array.isArray(entry) || entry.length !== 2) {
            throw badParams('each change is [key, value|null]');
          }
          return [
            hexParam(entry[0], 'key'),
            entry[1] === null ? null : hexParam(entry[1], 'value'),
          ] as [string, string | null];
        });
        node.setStorage(pairs);
        return hooks.newBlocks(1);
      }),
    ],
  ];
}

/**
 * dev_upgradeRuntime's parameter: `{ specVersion?, constants?: { Pallet: { Name: value } },
 * withoutCalls?: ['Pallet.call_name'] }`;
 * without a spec version the next one is taken. Values are whole numbers (as numbers or decimal
 * strings) or SCALE hex.
 */
function upgradeParam(params: unknown, current: number): RuntimeUpgrade {
  const given = (params ?? {}) as {
    specVersion?: unknown;
    constants?: unknown;
    withoutCalls?: unknown;
  };
  if (typeof given !== 'object' || Array.isArray(given)) {
    throw badParams('expected { specVersion?, constants?: { Pallet: { Constant: value } } }');
  }
  const specVersion = given.specVersion ?? current + 1;
  if (typeof specVersion !== 'number' || !Number.isInteger(specVersion) || specVersion <= current) {
    throw badParams(`specVersion must be a whole number above ${current}`);
  }
  const constants: Record<string, Record<string, ConstantValue>> = {};
  if (given.constants !== undefined) {
    if (typeof given.constants !== 'object' || given.constants === null) {
      throw badParams('constants must be { Pallet: { Constant: value } }');
    }
    for (const [pallet, values] of Object.entries(given.constants)) {
      if (typeof values !== 'object' || values === null) {
        throw badParams(`constants.${pallet} must be { Constant: value }`);
      }
      constants[pallet] = {};
      for (const [name, value] of Object.entries(values)) {
        if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
          constants[pallet][name] = value;
        } else if (typeof value === 'string' && /^\d{1,40}$/.test(value)) {
          constants[pallet][name] = BigInt(value);
        } else if (typeof value === 'string' && /^0x([0-9a-fA-F]{2}){0,1024}$/.test(value)) {
          constants[pallet][name] = value;
        } else {
          throw badParams(`${pallet}.${name} must be a whole number or SCALE hex`);
        }
      }
    }
  }
  const withoutCalls: string[] = [];
  if (given.withoutCalls !== undefined) {
    if (
      !Array.isArray(given.withoutCalls) ||
      !given.withoutCalls.every((c) => typeof c === 'string' && /^[A-Za-z]\w*\.\w+$/.test(c))
    ) {
      throw badParams('withoutCalls must be a list of Pallet.call_name');
    }
    withoutCalls.push(...(given.withoutCalls as string[]));
  }
  return { specVersion, constants, ...(withoutCalls.length ? { withoutCalls } : {}) };
}
