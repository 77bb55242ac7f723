import type { Call } from '@polkadot/types/interfaces';
import { u8aEq, u8aToHex } from '@polkadot/util';
import { DispatchFailure, type ExecContext, type Origin, signedBy } from '../runtime/context.ts';

function ensureOwner(ctx: ExecContext, id: number, sender: Uint8Array): void {
  const owner = ctx.read('digitalTwin', 'owner', id);
  // The pallet uses ensure!(…, "sender should be a twin owner"): a string error, encoded as Other.
  if (!owner || !u8aEq(owner.toU8a(), sender)) throw new DispatchFailure('Other');
}

export function dispatchDigitalTwin(ctx: ExecContext, call: Call, origin: Origin): void {
  const sender = signedBy(origin);
  switch (call.method) {
    case 'create': {
      const total = ctx.read('digitalTwin', 'total');
      const id = total ? Number(total.toString()) : 0;
      ctx.write('digitalTwin', 'total', [], id + 1);
      ctx.write('digitalTwin', 'owner', [id], sender);
      ctx.deposit('DigitalTwin', 'NewDigitalTwin', [sender, id]);
      return;
    }
    case 'setSource':
    case 'removeSource': {
      const id = Number(call.args[0]!.toString());
      const topic = u8aToHex(call.args[1]!.toU8a());
      const source = call.args[2]!.toU8a();
      ensureOwner(ctx, id, sender);
      ctx.deposit('DigitalTwin', 'TopicChanged', [sender, id, topic, source]);
      const current = ctx.read('digitalTwin', 'digitalTwin', id);
      const map = new Map<string, string>(
        Object.entries((current?.toJSON() as Record<string, string> | null) ?? {}),
      );
      if (call.method === 'setSource') map.set(topic, u8aToHex(source));
      else if (!current) return;
      else map.delete(topic);
      ctx.write('digitalTwin', 'digitalTwin', [id], map);
      return;
    }
    default:
      ctx.fail('System', 'CallFiltered');
  }
}
