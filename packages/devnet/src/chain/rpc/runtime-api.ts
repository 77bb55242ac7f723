import type { Call } from '@polkadot/types/interfaces';
import { compactFromU8a, compactToU8a, hexToU8a, u8aConcat, u8aToHex } from '@polkadot/util';
import { blake2AsHex } from '@polkadot/util-crypto';
import { callOfExtrinsic } from '../extrinsic.ts';
import type { Block } from '../node.ts';
import { readAccount } from '../pallets/balances.ts';
import { RpcError } from '../rpc-params.ts';
import type { MethodContext } from './table.ts';

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
  const { runtime } = node;
  const { registry } = runtime;

  /** The version of a runtime API the chain implements, 0 when it has none of that name. */
  const apiVersion = (name: string): number =>
    runtime.apis.find(([id]) => id === blake2AsHex(name, 64))?.[1] ?? 0;

  const metadataAtVersion = (input: Uint8Array): string => {
    if (input.length !== 4) throw executionFailed('Bad input data provided to metadata_at_version');
    const version = registry.createType('u32', input).toNumber();
    return version === 14
      ? u8aToHex(u8aConcat([1], hexToU8a(opaque(runtime.metadataBytes))))
      : '0x00';
  };

  const accountNonce = (input: Uint8Array, block: Block): string => {
    if (input.length !== 32) throw executionFailed('Bad input data provided to account_nonce');
    const who = registry.createType('AccountId32', input).toU8a();
    return runtime.encode('u32', readAccount(node.readContext(block.hash), who).nonce);
  };

  /** TransactionPaymentApi: the fee of an extrinsic, as dispatch info or fee details. */
  const payment = (method: string, input: Uint8Array): string => {
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
      const v1 = apiVersion('TransactionPaymentApi') < 2;
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

  return (method: string, data: string, block: Block): string => {
    const input = hexToU8a(data);
    switch (method) {
      case 'Core_version':
        return runtime.encode('RuntimeVersion', runtimeVersion());
      case 'Metadata_metadata':
        return opaque(runtime.metadataBytes);
      // Metadata API version 2 added these; older runtimes (Crust's) only have Metadata_metadata.
      case 'Metadata_metadata_versions':
        if (apiVersion('Metadata') < 2) throw notFound(method);
        return runtime.encode('Vec<u32>', [14]);
      case 'Metadata_metadata_at_version':
        if (apiVersion('Metadata') < 2) throw notFound(method);
        return metadataAtVersion(input);
      case 'AccountNonceApi_account_nonce':
        return accountNonce(input, block);
      case 'TransactionPaymentApi_query_info':
      case 'TransactionPaymentApi_query_fee_details':
        return payment(method, input);
      default:
        throw notFound(method);
    }
  };
}
