import * as $ from 'dedot/shape';
import { blake2AsU8a, concatU8a, hexToU8a, stringToU8a } from 'dedot/utils';
import type { CrustChain } from './chain-description.ts';

/**
 * The signed extrinsic of the Crust runtime, built by hand (docs/crust.md): version 4, the
 * Address as the chain declares it (Crust: the AccountId itself), a MultiSignature, then the
 * signed extensions' extra data and the call. The signature covers call ++ extra ++ the
 * extensions' implicit data, hashed with blake2-256 when longer than 256 bytes.
 */

/** What the signer needs from a key: its public key and a MultiSignature (type byte first). */
export interface CrustSigner {
  publicKey: Uint8Array;
  sign(message: Uint8Array, options: { withType: true }): Uint8Array | Promise<Uint8Array>;
}

export interface SigningContext {
  genesisHash: `0x${string}`;
  specVersion: number;
  transactionVersion: number;
  nonce: number;
  tip?: bigint;
  /** A mortal era from the block it is signed at, or immortal (birth = genesis). */
  era: { period: number; current: number; birthHash: `0x${string}` } | 'immortal';
}

const u32 = (n: number) => $.u32.encode(n);
const bytes = (data: Uint8Array) => $.U8a.encode(data);

/** market.place_storage_order(cid, reported_file_size, tips, _memo), as call bytes. */
export function placeStorageOrderCall(
  chain: CrustChain,
  cid: string,
  size: bigint,
  tips = 0n,
  memo = '',
): Uint8Array {
  const [pallet, call] = chain.placeStorageOrder;
  return concatU8a(
    new Uint8Array([pallet, call]),
    bytes(stringToU8a(cid)),
    $.u64.encode(size),
    $.compactU128.encode(tips),
    bytes(stringToU8a(memo)),
  );
}

/** A mortal era (2 bytes): its period rounded to a power of two, its phase from `current`. */
export function mortalEra(period: number, current: number): Uint8Array {
  let p = 4;
  while (p < period && p < 65_536) p *= 2;
  const phase = current % p;
  const quantize = Math.max(p >> 12, 1);
  const low = Math.min(15, Math.max(1, Math.log2(p) - 1));
  const encoded = low | (Math.floor(phase / quantize) << 4);
  return new Uint8Array([encoded & 0xff, encoded >> 8]);
}

interface Parts {
  extra: Uint8Array[];
  implicit: Uint8Array[];
}

function extensions(chain: CrustChain, ctx: SigningContext): Parts {
  const parts: Parts = { extra: [], implicit: [] };
  const era =
    ctx.era === 'immortal' ? new Uint8Array([0]) : mortalEra(ctx.era.period, ctx.era.current);
  const birth = ctx.era === 'immortal' ? ctx.genesisHash : ctx.era.birthHash;
  for (const name of chain.signedExtensions) {
    switch (name) {
      case 'CheckSpecVersion':
        parts.implicit.push(u32(ctx.specVersion));
        break;
      case 'CheckTxVersion':
        parts.implicit.push(u32(ctx.transactionVersion));
        break;
      case 'CheckGenesis':
        parts.implicit.push(hexToU8a(ctx.genesisHash));
        break;
      case 'CheckMortality':
      case 'CheckEra':
        parts.extra.push(era);
        parts.implicit.push(hexToU8a(birth));
        break;
      case 'CheckNonce':
        parts.extra.push($.compactU32.encode(ctx.nonce));
        break;
      case 'ChargeTransactionPayment':
        parts.extra.push($.compactU128.encode(ctx.tip ?? 0n));
        break;
      case 'CheckMetadataHash':
        // Mode disabled, no hash.
        parts.extra.push(new Uint8Array([0]));
        parts.implicit.push(new Uint8Array([0]));
        break;
      default:
      // CheckNonZeroSender, CheckWeight, weight reclaim: nothing to add.
    }
  }
  return parts;
}

/** The bytes the signer signs (hashed when longer than 256 bytes). */
export function signingPayload(
  chain: CrustChain,
  call: Uint8Array,
  ctx: SigningContext,
): Uint8Array {
  const { extra, implicit } = extensions(chain, ctx);
  const payload = concatU8a(call, ...extra, ...implicit);
  return payload.length > 256 ? blake2AsU8a(payload, 256) : payload;
}

/** The signed extrinsic with its compact length prefix, ready for author_submit*. */
export async function signExtrinsic(
  chain: CrustChain,
  signer: CrustSigner,
  call: Uint8Array,
  ctx: SigningContext,
): Promise<Uint8Array> {
  const signature = await signer.sign(signingPayload(chain, call, ctx), { withType: true });
  return assembleExtrinsic(chain, signer.publicKey, signature, call, ctx);
}

/** The extrinsic around a given MultiSignature (also used with a placeholder for fee queries). */
export function assembleExtrinsic(
  chain: CrustChain,
  publicKey: Uint8Array,
  signature: Uint8Array,
  call: Uint8Array,
  ctx: SigningContext,
): Uint8Array {
  const address =
    chain.address === 'AccountId' ? publicKey : concatU8a(new Uint8Array([0]), publicKey);
  const { extra } = extensions(chain, ctx);
  const body = concatU8a(new Uint8Array([0x84]), address, signature, ...extra, call);
  return concatU8a($.compactU32.encode(body.length), body);
}
