import type { Call } from '@polkadot/types/interfaces';
import { compactFromU8a, compactToU8a, hexToU8a, u8aConcat, u8aToHex } from '@polkadot/util';
import { blake2AsHex } from '@polkadot/util-crypto';
import type { Block } from '../../blocks/block.ts';
import { callOfExtrinsic, PoolError } from '../../node/extrinsic.ts';
import { readAccount } from '../../pallets/balances.ts';
import type { Runtime } from '../../runtime/runtime.ts';
import { RpcError } from '../params.ts';
import type { MethodContext } from '../table.ts';

/** OpaqueMetadata: the bytes with a compact length prefix. */
const opaque = (bytes: Uint8Array) => u8aToHex(u8aConcat(compactToU8a(bytes.length), bytes));

/** A node's answer to a runtime call that failed (the input did not decode, for example). */
export const executionFailed = (why: string) =>
  new RpcError(-32000, `Client error: Execution failed: ${why}`);

const notFound = (method: string) =>
  executionFailed(`Other: Exported method ${method} is not found`);

/**
 * The runtime APIs state_call reaches: `(method, SCALE input, block) → SCALE output as hex`.
 * Only the APIs the clients call are implemented; any other is "not found", as a runtime says.
 */
export function runtimeApi({ node, runtimeVersion }: MethodContext) {
  /** The version of a runtime API the chain implements, 0 when it has none of that name. */
  const apiVersion = (runtime: Runtime, name: string): number =>
    runtime.apis.find(([id]) => id === blake2AsHex(name, 64))?.[1] ?? 0;

  /** The metadata versions a runtime serves: 14, and 15 built from it (docs/json-rpc.md). */
  const metadataVersions = (runtime: Runtime) => (runtime.metadata.version === 14 ? [14, 15] : []);

  const metadataAtVersion = (runtime: Runtime, input: Uint8Array): string => {
    if (input.length !== 4) throw executionFailed('Bad input data provided to metadata_at_version');
    const version = runtime.registry.createType('u32', input).toNumber();
    if (!metadataVersions(runtime).includes(version)) return '0x00';
    const bytes = version === 15 ? runtime.metadataV15 : runtime.metadataBytes;
    return u8aToHex(u8aConcat([1], hexToU8a(opaque(bytes))));
  };

  const accountNonce = (runtime: Runtime, input: Uint8Array, block: Block): string => {
    const { registry } = runtime;
    if (input.length !== 32) throw executionFailed('Bad input data provided to account_nonce');
    const who = registry.createType('AccountId32', input).toU8a();
    return runtime.encode('u32', readAccount(node.readContext(block.hash), who).nonce);
  };

  /** TransactionPaymentApi: the fee of an extrinsic, as dispatch info or fee details. */
  const payment = (runtime: Runtime, method: string, input: Uint8Array): string => {
    const { registry } = runtime;
    let call: Call;
    let length: number;
    try {
      // Input: the extrinsic (with its compact length) ++ u32 length. Decode exactly the
      // extrinsic's bytes: given trailing bytes, the decoder takes the prefix for content.
      const [offset, size] = compactFromU8a(input);
      if (offset + size.toNumber() + 4 !== input.length) throw new Error('wrong input length');
      call = callOfExtrinsic(runtime, input.subarray(offset, offset + size.toNumber()));
      length = registry.createType('u32', input.slice(input.length - 4)).toNumber();
    } catch (error) {
      throw executionFailed(`Could not decode extrinsic: ${(error as Error).message}`);
    }
    const fee = runtime.logic.inclusionFee(call, length);
    if (method === 'TransactionPaymentApi_query_info') {
      // Version 1 of the API (pre-2022 runtimes) reports the weight as one u64.
      const v1 = apiVersion(runtime, 'TransactionPaymentApi') < 2;
      return runtime.encode(v1 ? 'RuntimeDispatchInfoV1' : 'RuntimeDispatchInfoV2', {
        weight: v1
          ? fee.weight.refTime
          : { refTime: fee.weight.refTime, proofSize: fee.weight.proofSize },
        class: 'Normal',
        partialFee: fee.total,
      });
    }
    return runtime.encode('FeeDetails', {
      inclusionFee: runtime.logic.paysFee(call)
        ? { baseFee: fee.baseFee, lenFee: fee.lenFee, adjustedWeightFee: fee.adjustedWeightFee }
        : null,
    });
  };

  /** Which InvalidTransaction a pool refusal is (by its text, as the pool words them). */
  const invalidKind = (why: string) =>
    /bad signature/.test(why)
      ? 'BadProof'
      : /outdated/.test(why)
        ? 'Stale'
        : /pay some fees/.test(why)
          ? 'Payment'
          : /ancient birth/.test(why)
            ? 'AncientBirthBlock'
            : /exhaust the block/.test(why)
              ? 'ExhaustsResources'
              : /mandatory/.test(why)
                ? 'BadMandatory'
                : 'Call';

  /**
   * TaggedTransactionQueue_validate_transaction(source, extrinsic, block hash): the pool's own
   * checks, answered as TransactionValidity (docs/json-rpc.md).
   */
  const validate = (runtime: Runtime, input: Uint8Array): string => {
    let hex: string;
    try {
      if (input.length < 2 || input[0]! > 2) throw new Error('bad transaction source');
      const [offset, size] = compactFromU8a(input.subarray(1));
      const end = 1 + offset + size.toNumber();
      if (end !== input.length && end + 32 !== input.length) throw new Error('wrong input length');
      // The extrinsic as submitted: its compact length and its bytes.
      hex = u8aToHex(input.subarray(1, end));
    } catch (error) {
      throw executionFailed(`Could not decode the input: ${(error as Error).message}`);
    }
    let checked: ReturnType<typeof node.validateTransaction>;
    try {
      checked = node.validateTransaction(hex);
    } catch (error) {
      if (!(error instanceof PoolError)) throw error;
      if (error.code === 1002) throw executionFailed(String(error.data ?? error.message));
      const why = String(error.data ?? error.message);
      return runtime.encode('TransactionValidity', {
        Err:
          error.code === 1011 ? { Unknown: 'NoUnsignedValidator' } : { Invalid: invalidKind(why) },
      });
    }
    const { tx, accountNonce } = checked;
    const tag = (nonce: number) =>
      u8aToHex(u8aConcat(tx.signer, runtime.registry.createType('u32', nonce).toU8a()));
    return runtime.encode('TransactionValidity', {
      Ok: {
        priority: 0,
        requires: tx.nonce > accountNonce ? [tag(tx.nonce - 1)] : [],
        provides: [tag(tx.nonce)],
        longevity:
          tx.death === Number.MAX_SAFE_INTEGER
            ? 18_446_744_073_709_551_615n
            : Math.max(0, tx.death - node.best.number),
        propagate: true,
      },
    });
  };

  return (method: string, data: string, block: Block): string => {
    const input = hexToU8a(data);
    const runtime = node.runtimeAt(block);
    switch (method) {
      case 'Core_version':
        return runtime.encode('RuntimeVersion', runtimeVersion(block));
      case 'Metadata_metadata':
        return opaque(runtime.metadataBytes);
      // Metadata API version 2 added these; older runtimes (Crust's) only have Metadata_metadata.
      case 'Metadata_metadata_versions':
        if (apiVersion(runtime, 'Metadata') < 2) throw notFound(method);
        return runtime.encode('Vec<u32>', metadataVersions(runtime));
      case 'Metadata_metadata_at_version':
        if (apiVersion(runtime, 'Metadata') < 2) throw notFound(method);
        return metadataAtVersion(runtime, input);
      case 'TaggedTransactionQueue_validate_transaction':
        return validate(runtime, input);
      case 'AccountNonceApi_account_nonce':
        return accountNonce(runtime, input, block);
      case 'TransactionPaymentApi_query_info':
      case 'TransactionPaymentApi_query_fee_details':
        return payment(runtime, method, input);
      default:
        throw notFound(method);
    }
  };
}
