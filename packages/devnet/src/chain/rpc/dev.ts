import { badParams, hexParam } from '../rpc-params.ts';
import { call, type MethodContext, type MethodEntries } from './table.ts';

/** Whether a method is a dev_* method (refused to pages of other origins). */
export const isDevMethod = (method: string) => method.startsWith('dev_');

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
