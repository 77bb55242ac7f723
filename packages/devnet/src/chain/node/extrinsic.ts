import type { Call, Extrinsic } from '@polkadot/types/interfaces';
import { hexToU8a, u8aToHex } from '@polkadot/util';
import {
  blake2AsHex,
  blake2AsU8a,
  ed25519Verify,
  signatureVerify,
  sr25519Verify,
} from '@polkadot/util-crypto';
import { compactAt } from '../../common/scale.ts';
import { MAXIMUM_MESSAGE_SIZE } from '../pallets/datalog.ts';
import { MAX_DEVICES } from '../pallets/rws.ts';
import type { Runtime } from '../runtime/runtime.ts';
import { ScaleWalkError } from '../runtime/scale-walk.ts';

/** A JSON-RPC error of the transaction pool, with the real node's codes and texts. */
export class PoolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: string,
  ) {
    super(message);
    this.name = 'PoolError';
  }
}

export const invalid = (data: string) => new PoolError(1010, 'Invalid Transaction', data);
export const unknownValidity = (data: string) =>
  new PoolError(1011, 'Unknown Transaction Validity', data);
const undecodable = (data: string) =>
  new PoolError(1002, 'Verification Error: Runtime error: Execution failed', data);

/** How deep calls may nest (a node decodes transactions with a depth limit of 256). */
export const MAX_CALL_DEPTH = 256;

/** The pool's hash of a transaction: blake2-256 of its bytes (with their length prefix). */
export function extrinsicHash(hex: string): string {
  return blake2AsHex(hexToU8a(hex));
}

export interface SignedTx {
  hash: string;
  bytes: Uint8Array;
  hex: string;
  signer: Uint8Array;
  nonce: number;
  tip: bigint;
  call: Call;
  length: number;
  /** Last block number at which the transaction is valid (mortality). */
  death: number;
}

/** A call's direct sub-calls (batch items, sudo's call…), whatever the pallet. */
function innerCalls(call: Call): Call[] {
  const found: Call[] = [];
  for (const arg of call.args) {
    const nested = arg as unknown as Call | Call[];
    if (Array.isArray(nested)) {
      for (const c of nested) if (c?.section && c.callIndex) found.push(c);
    } else if (nested?.section && nested.callIndex) found.push(nested);
  }
  return found;
}

/**
 * Limits the runtime enforces while decoding, which plain metadata types do not show: the depth
 * of nested calls, and BoundedVecs.
 */
function checkBounds(root: Call): void {
  const stack: [Call, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [call, depth] = stack.pop()!;
    if (depth > MAX_CALL_DEPTH) {
      throw undecodable(
        `Could not decode \`RuntimeCall\`: Maximum recursion depth reached (calls nested deeper than ${MAX_CALL_DEPTH})`,
      );
    }
    if (
      call.section === 'datalog' &&
      call.method === 'record' &&
      call.args[0]!.toU8a(true).length > MAXIMUM_MESSAGE_SIZE
    ) {
      throw undecodable(
        `Could not decode \`Datalog::record::record\`: the record is longer than ${MAXIMUM_MESSAGE_SIZE} bytes`,
      );
    }
    if (
      call.section === 'rws' &&
      call.method === 'setDevices' &&
      (call.args[0] as unknown as unknown[]).length > MAX_DEVICES
    ) {
      throw undecodable(
        `Could not decode \`RWS::set_devices::devices\`: more than ${MAX_DEVICES} devices`,
      );
    }
    for (const inner of innerCalls(call)) stack.push([inner, depth + 1]);
  }
}

/** Verifies a MultiSignature exactly (no <Bytes> wrapping, unlike signatureVerify's fallbacks). */
function verifyMultiSignature(message: Uint8Array, multi: Uint8Array, signer: Uint8Array): boolean {
  const signature = multi.subarray(1);
  try {
    if (multi[0] === 0 && signature.length === 64) return ed25519Verify(message, signature, signer);
    if (multi[0] === 1 && signature.length === 64) return sr25519Verify(message, signature, signer);
    if (multi[0] === 2 && signature.length === 65) {
      const result = signatureVerify(message, signature, signer);
      return result.isValid && result.crypto === 'ecdsa' && !result.isWrapped;
    }
  } catch {
    return false;
  }
  return false;
}

/**
 * Reads the call out of an extrinsic by walking its layout (version, address, signature, era,
 * nonce, tip, metadata-hash mode, call). Used for fee queries, whose signature is a placeholder
 * that @polkadot/types' decoder does not always accept (dedot's zero ed25519 signature).
 */
export function callOfExtrinsic(runtime: Runtime, body: Uint8Array): Call {
  const version = body[0]!;
  const layout = runtime.extrinsicLayout;
  let p = 1;
  if (version & 0x80) {
    if (layout.multiAddress) {
      const addressKind = body[p]!;
      p += 1 + (addressKind === 0 || addressKind === 3 ? 32 : addressKind === 4 ? 20 : 0);
    } else p += 32; // Address = AccountId32
    const sigKind = body[p]!;
    p += 1 + (sigKind === 2 ? 65 : 64);
    p += body[p] === 0 ? 1 : 2; // era
    p += compactLength(body, p); // nonce
    p += compactLength(body, p); // tip
    if (layout.metadataHashMode) p += 1; // CheckMetadataHash mode
  }
  return runtime.registry.createType('Call', body.subarray(p)) as Call;
}

const compactLength = (bytes: Uint8Array, at: number): number => compactAt(bytes, at).length;

/** Where the signature bytes of a signed extrinsic start and end (after its length prefix). */
function signatureSpan(runtime: Runtime, bytes: Uint8Array): [number, number] | null {
  const p0 = compactLength(bytes, 0);
  if (!(bytes[p0]! & 0x80)) return null;
  let p = p0 + 1;
  if (runtime.extrinsicLayout.multiAddress) {
    const kind = bytes[p]!;
    p += 1 + (kind === 0 || kind === 3 ? 32 : kind === 4 ? 20 : 0);
  } else p += 32;
  const sigKind = bytes[p]!;
  const start = p + 1;
  const end = start + (sigKind === 2 ? 65 : 64);
  return end <= bytes.length ? [start, end] : null;
}

/**
 * Refuses calls nested deeper than MAX_CALL_DEPTH by walking the bytes, before the decoder,
 * whose time and stack grow with every level, reads them. Other oddities are left to it.
 */
function checkNesting(runtime: Runtime, bytes: Uint8Array): void {
  const walk = runtime.extrinsicWalk;
  if (!walk) return;
  try {
    let p = compactLength(bytes, 0);
    const signed = (bytes[p]! & 0x80) !== 0;
    p += 1;
    if (signed) {
      p = walk.walker.walk(bytes, p, walk.address, -1, 0);
      p = walk.walker.walk(bytes, p, walk.signature, -1, 0);
      p = walk.walker.walk(bytes, p, walk.extra, -1, 0);
    }
    walk.walker.walk(bytes, p, walk.call, walk.call, MAX_CALL_DEPTH);
  } catch (error) {
    if (error instanceof ScaleWalkError && error.tooDeep) {
      throw undecodable(
        `Could not decode \`RuntimeCall\`: Maximum recursion depth reached (calls nested deeper than ${MAX_CALL_DEPTH})`,
      );
    }
  }
}

/**
 * Decodes a submitted extrinsic, refusing what a node refuses before it validates: undecodable
 * bytes, calls nested too deep.
 */
export function decodeExtrinsic(runtime: Runtime, hex: string): Extrinsic {
  let bytes = hexToU8a(hex);
  // @polkadot/types reads an all-zero signature as "not signed" and then re-encodes the
  // extrinsic differently. A node decodes it as signed and refuses it for its bad signature:
  // decode it with a non-zero placeholder, which fails the signature check all the same.
  const span = signatureSpan(runtime, bytes);
  if (span && bytes.subarray(span[0], span[1]).every((b) => b === 0)) {
    bytes = bytes.slice();
    bytes[span[0]] = 1;
  }
  checkNesting(runtime, bytes);
  let ext: Extrinsic;
  try {
    ext = runtime.registry.createType('Extrinsic', bytes);
    const again = ext.toU8a();
    if (again.length !== bytes.length || !again.every((b, i) => b === bytes[i])) {
      throw new Error('trailing bytes');
    }
  } catch (error) {
    const message =
      error instanceof RangeError ? 'Maximum recursion depth reached' : (error as Error).message;
    throw undecodable(`Could not decode extrinsic: ${message}`);
  }
  checkBounds(ext.method as Call);
  return ext;
}

export interface SigningContext {
  genesisHash: string;
  /** Number of the block the transaction would go into. */
  nextNumber: number;
  /** Hash of a kept block by number (mortal eras sign the birth block's hash). */
  hashAt(number: number): string | null;
}

/**
 * Checks a signed extrinsic as the runtime's TaggedTransactionQueue would: era (birth block
 * known, not expired), signature over the real signed-extension payload, metadata-hash mode.
 */
export function verifyExtrinsic(runtime: Runtime, ext: Extrinsic, ctx: SigningContext): SignedTx {
  if (!ext.isSigned) {
    // Inherents are mandatory and never validated; other unsigned calls need a validator,
    // which no pallet of these runtimes has.
    if (ext.method.section === 'timestamp' && ext.method.method === 'set') {
      throw invalid('Transaction dispatch is mandatory; transactions must not be validated.');
    }
    throw unknownValidity('Could not find an unsigned validator for the unsigned transaction');
  }
  const signer = ext.signer.toU8a().slice(-32);
  const era = ext.era;
  let birthHash = ctx.genesisHash;
  let death = Number.MAX_SAFE_INTEGER;
  if (era.isMortalEra) {
    const mortal = era.asMortalEra;
    const current = ctx.nextNumber - 1;
    const birth = mortal.birth(current);
    death = mortal.death(current);
    const hash = ctx.hashAt(birth);
    if (!hash) throw invalid('Transaction has an ancient birth block');
    birthHash = hash;
    if (ctx.nextNumber > death) throw invalid('Transaction is outdated');
  }
  const inner = ext.inner.signature as unknown as {
    multiSignature: { toU8a(): Uint8Array };
    mode?: { toNumber(): number };
  };
  // The MultiSignature with its type byte (ext.signature is only the raw 64 bytes).
  const signature = inner.multiSignature;
  const mode = Number(inner.mode?.toNumber?.() ?? 0);
  // CheckMetadataHash: mode 1 commits to the RFC-0078 hash of the metadata; the runtime signs
  // over its own, so a signature made over any other hash does not verify.
  if (mode > 1) throw invalid('Transaction has a bad signature');
  const payload = runtime.registry
    .createType(
      'ExtrinsicPayload',
      {
        method: ext.method.toHex(),
        era,
        nonce: ext.nonce,
        tip: ext.tip,
        mode,
        ...(mode === 1 ? { metadataHash: runtime.metadataHash } : {}),
        specVersion: runtime.version.specVersion,
        transactionVersion: runtime.version.transactionVersion,
        genesisHash: ctx.genesisHash,
        blockHash: birthHash,
      },
      { version: 4 },
    )
    .toU8a({ method: true });
  const message = payload.length > 256 ? blake2AsU8a(payload) : payload;
  if (!verifyMultiSignature(message, signature.toU8a(), signer))
    throw invalid('Transaction has a bad signature');
  const bytes = ext.toU8a();
  return {
    hash: u8aToHex(blake2AsU8a(bytes)),
    bytes,
    hex: u8aToHex(bytes),
    signer,
    nonce: ext.nonce.toNumber(),
    tip: ext.tip.toBigInt(),
    call: ext.method as Call,
    length: bytes.length,
    death,
  };
}
