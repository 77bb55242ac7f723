import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Metadata, TypeRegistry } from '@polkadot/types';
import { compactStripLength, hexToU8a, stringCamelCase } from '@polkadot/util';
import { misplacedCall } from '@robonomics-dapp/robonomics/chain/metadata/call-pins';
import { $Metadata } from 'dedot/codecs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_FILE } from '../chain/runtime/runtime.ts';
import { loadChopsticks } from './chopsticks.ts';
import { callOnEmptyState } from './genesis.ts';
import { runtimeCode } from './runtime-code.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
/** Where the app reaches the chain: the web app and its framework-free chain layer. */
const APP_SOURCES = ['apps/web/src', 'packages/robonomics/src'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every `tx.p.c`, `query.p.s`, `consts.p.c` and `events.p.E` the app's code names. */
function appUses(): Set<string> {
  const uses = new Set<string>();
  for (const file of APP_SOURCES.flatMap((dir) => sources(join(root, dir)))) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /\b(tx|query|consts|events)\.([a-zA-Z]+)\.([a-zA-Z]+)/g,
    )) {
      // `market` is the Crust chain's pallet, not the parachain's.
      if (match[2] !== 'market') uses.add(`${match[1]}.${match[2]}.${match[3]}`);
    }
  }
  return uses;
}

type Item = { kind: string; pallet: string; name: string };
/** Names as the clients spell them: RWS → rws, set_devices → setDevices. */
const camel = (s: string) => stringCamelCase(s);

/** A description of an item's shape in one metadata: index and types, as text. */
function signature(registry: TypeRegistry, metadata: Metadata, item: Item): string | null {
  const latest = metadata.asLatest;
  const pallet = latest.pallets.find((p) => camel(p.name.toString()) === item.pallet);
  if (!pallet) return null;
  const def = (id: unknown) => registry.lookup.getTypeDef(id as never).type;
  const variants = (type: { unwrap(): { type: unknown } } | { isSome: boolean }) =>
    (type as { isSome: boolean }).isSome
      ? registry.lookup.getSiType((type as { unwrap(): { type: unknown } }).unwrap().type as never)
          .def.asVariant.variants
      : [];
  if (item.kind === 'tx' || item.kind === 'events') {
    const list = variants(item.kind === 'tx' ? pallet.calls : pallet.events);
    const v = list.find((x) =>
      item.kind === 'tx' ? camel(x.name.toString()) === item.name : x.name.toString() === item.name,
    );
    return v
      ? `${pallet.index}/${v.index}(${v.fields.map((f) => `${f.name}:${def(f.type)}`).join(',')})`
      : null;
  }
  if (item.kind === 'query') {
    const entry = pallet.storage.unwrap().items.find((s) => camel(s.name.toString()) === item.name);
    if (!entry) return null;
    const t = entry.type;
    return t.isMap
      ? `${t.asMap.hashers.map((h) => h.type).join('+')} ${def(t.asMap.key)} -> ${def(t.asMap.value)} ${entry.modifier.type}`
      : `${def(t.asPlain)} ${entry.modifier.type}`;
  }
  const constant = pallet.constants.find((c) => camel(c.name.toString()) === item.name);
  return constant ? `${def(constant.type)} = ${constant.value.toHex()}` : null;
}

function load(bytes: Uint8Array) {
  const registry = new TypeRegistry();
  const metadata = new Metadata(registry, bytes);
  registry.setMetadata(metadata);
  return { registry, metadata };
}

let spec40: ReturnType<typeof load>;
let spec43: ReturnType<typeof load>;
let spec40Bytes: Uint8Array;

beforeAll(async () => {
  const response = await callOnEmptyState(
    await loadChopsticks(),
    runtimeCode(),
    'Metadata_metadata',
  );
  spec40Bytes = compactStripLength(hexToU8a(response.result))[1];
  spec40 = load(spec40Bytes);
  spec43 = load(readFileSync(METADATA_FILE));
}, 60_000);

afterAll(async () => {
  await (await loadChopsticks()).destroyWorker();
});

/**
 * Calls the app offers only where the runtime's metadata has them (runtime-features.ts in the
 * app's chain code): the transfer of a subscription came after spec 40.
 */
const OFFERED_WHERE_PRESENT = new Set(['tx.rws.transfer']);

describe('what the app uses of the chain, on spec 40 as on spec 43', () => {
  const uses = [...appUses()].sort();

  it('finds the calls, storage, constants and events in the app', () => {
    // A floor, so that a broken scan cannot pass by finding nothing.
    expect(uses).toEqual(
      expect.arrayContaining([
        'tx.rws.bid',
        'tx.rws.call',
        'tx.datalog.record',
        'query.rws.ledger',
        'consts.rws.minimalBid',
        'query.datalog.datalogIndex',
        'events.digitalTwin.NewDigitalTwin',
      ]),
    );
  });

  it('has every one of them with the same index and types in both runtimes', () => {
    let checked = 0;
    for (const use of uses) {
      const [kind, pallet, name] = use.split('.') as [string, string, string];
      const item = { kind, pallet, name };
      const current = signature(spec43.registry, spec43.metadata, item);
      // Not a chain item (a variable that happens to read like one, e.g. tx.outcome.kind).
      if (current === null) continue;
      checked += 1;
      const old = signature(spec40.registry, spec40.metadata, item);
      if (OFFERED_WHERE_PRESENT.has(use)) {
        // Spec 40 lacks it, and the app offers it only where the runtime has it.
        expect(old, `${use} is in spec 40 now: drop it from OFFERED_WHERE_PRESENT`).toBeNull();
        continue;
      }
      expect(old, `${use} is missing from spec 40`).not.toBeNull();
      expect(old, use).toBe(current);
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it('places and shapes every call the app pins as the real runtime does (call-pins.ts)', () => {
    // The devnet is a known network in the devnet build: its runtimes must pass the app's pins.
    expect(misplacedCall({ latest: $Metadata.tryDecode(spec40Bytes).latest })).toBeNull();
    expect(
      misplacedCall({
        latest: $Metadata.tryDecode(new Uint8Array(readFileSync(METADATA_FILE))).latest,
      }),
    ).toBeNull();
  });

  it('offers the runtime APIs the app calls: fees and nonces', () => {
    const apis = (metadata: Metadata) =>
      metadata.asLatest.pallets
        .find((p) => p.name.toString() === 'System')!
        .constants.find((c) => c.name.toString() === 'Version')!
        .value.toHex();
    for (const metadata of [spec40.metadata, spec43.metadata]) {
      const version = apis(metadata);
      expect(version).toContain('37c8bb1350a9a2a804000000'); // TransactionPaymentApi v4
      expect(version).toContain('bc9d89904f5b923f01000000'); // AccountNonceApi v1
    }
  });
});
