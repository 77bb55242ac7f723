import { blake2AsHex } from '@dedot/utils';
import type { Metadata } from 'dedot/codecs';

/**
 * Where the real Robonomics runtime puts each call the app sends, and the shape of its
 * arguments (docs/security.md, "What a node may claim"). The client encodes a call with the
 * metadata the node serves; a node of a known network that placed `datalog.record` where the real
 * runtime has `balances.transfer_all`, or described an argument differently, would have a key the
 * app holds (the user key, a twin key, a generated account: none of them shows a wallet window)
 * sign bytes that mean something else on the real chain. Checked once the client is ready, and
 * after every runtime upgrade; the values come from the spec-43 metadata, and a test checks them
 * against it and against the spec-40 runtime the devnet runs.
 */
export interface CallPin {
  /** The pallet's index and the call's index in it: the first two bytes of the encoded call. */
  pallet: number;
  call: number;
  /** blake2-64 of the arguments' structure (see callShape). */
  args: string;
}

export const CALL_PINS: Readonly<Record<string, CallPin>> = {
  'Utility.batch_all': { pallet: 11, call: 2, args: '0x2673ed6a2591d039' },
  'Balances.transfer_keep_alive': { pallet: 31, call: 3, args: '0x7bd1c13b8b286a57' },
  'Datalog.record': { pallet: 51, call: 0, args: '0xa5665648b2cfa38b' },
  'Launch.launch': { pallet: 52, call: 0, args: '0xeae95247cef50639' },
  'DigitalTwin.create': { pallet: 54, call: 0, args: '0xe4a6a0577479b2b4' },
  'DigitalTwin.set_source': { pallet: 54, call: 1, args: '0x0d6461c44b436d33' },
  'RWS.bid': { pallet: 55, call: 1, args: '0x7a902c7a45c58678' },
  'RWS.set_devices': { pallet: 55, call: 2, args: '0xee4f628068bf2116' },
  'RWS.call': { pallet: 55, call: 0, args: '0x94258af760d113d6' },
};

type Latest = Metadata['latest'];

/**
 * The structure of a type as its bytes are read: composites as their fields' structures, enums
 * as their variants' indices and fields, sequences, arrays, tuples, compacts and primitives.
 * Names and docs are left out (they change no byte); a call nested as an argument (RuntimeCall)
 * stands for itself, since each call the app sends is pinned on its own.
 */
function typeShape(types: Latest['types'], id: number, seen: Set<number>): string {
  const type = types[id];
  if (!type) return '?';
  if (type.path.at(-1) === 'RuntimeCall') return 'Call';
  if (seen.has(id)) return 'Rec';
  const inner = new Set(seen).add(id);
  const of = (typeId: number) => typeShape(types, typeId, inner);
  const def = type.typeDef;
  switch (def.type) {
    case 'Struct':
      return `{${def.value.fields.map((f) => of(f.typeId)).join(',')}}`;
    case 'Enum':
      return `<${def.value.members
        .map((m) => `${m.index}:${m.fields.map((f) => of(f.typeId)).join(',')}`)
        .join('|')}>`;
    case 'Sequence':
      return `[${of(def.value.typeParam)}]`;
    case 'SizedVec':
      return `[${of(def.value.typeParam)};${def.value.len}]`;
    case 'Tuple':
      return `(${def.value.fields.map(of).join(',')})`;
    case 'Primitive':
      return def.value.kind;
    case 'Compact':
      return `Compact(${of(def.value.typeParam)})`;
    case 'BitSequence':
      return `Bits(${of(def.value.bitStoreType)},${of(def.value.bitOrderType)})`;
  }
  return '?';
}

/** Where a metadata puts each pinned call, and the digest of its arguments' structure. */
export function callPlaces(metadata: Pick<Metadata, 'latest'>): Record<string, CallPin | null> {
  const { pallets, types } = metadata.latest;
  const places: Record<string, CallPin | null> = {};
  for (const key of Object.keys(CALL_PINS)) {
    const [palletName, callName] = key.split('.') as [string, string];
    const pallet = pallets.find((p) => p.name === palletName);
    const calls = pallet?.calls === undefined ? undefined : types[pallet.calls.typeId]?.typeDef;
    const call =
      calls?.type === 'Enum' ? calls.value.members.find((m) => m.name === callName) : undefined;
    places[key] =
      pallet && call
        ? {
            pallet: pallet.index,
            call: call.index,
            args: blake2AsHex(
              call.fields.map((f) => typeShape(types, f.typeId, new Set())).join(','),
              64,
            ),
          }
        : null;
  }
  return places;
}

/** The first pinned call a metadata places or shapes otherwise than the real runtime, if any. */
export function misplacedCall(metadata: Pick<Metadata, 'latest'>): string | null {
  const places = callPlaces(metadata);
  for (const [key, pin] of Object.entries(CALL_PINS)) {
    const place = places[key];
    if (!place || place.pallet !== pin.pallet || place.call !== pin.call || place.args !== pin.args)
      return key;
  }
  return null;
}
