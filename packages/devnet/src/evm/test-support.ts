import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  http,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { devnetSepolia } from './service.ts';

// Shared by the EVM and oracle tests (not a test file itself).

export const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';

/** Hardhat's dev account #index as a local (signing) viem account. */
export function hardhatAccount(index: number) {
  return mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index });
}

export interface EvmClients {
  reader: PublicClient;
  /** Sends as a Hardhat account through eth_sendTransaction (the node signs). */
  wallet: WalletClient;
}

export function evmClients(url: string): EvmClients {
  const transport = http(url, { retryCount: 0 });
  return {
    reader: createPublicClient({ chain: devnetSepolia, transport }) as PublicClient,
    wallet: createWalletClient({ chain: devnetSepolia, transport }),
  };
}

/** Runs a contract call that must revert; resolves to the decoded custom error. */
export async function expectRevert(
  run: () => Promise<unknown>,
): Promise<{ name: string | null; args: unknown }> {
  try {
    await run();
  } catch (error) {
    const revert =
      error instanceof BaseError
        ? error.walk((e) => e instanceof ContractFunctionRevertedError)
        : null;
    const data = revert instanceof ContractFunctionRevertedError ? revert.data : undefined;
    return { name: data?.errorName ?? null, args: data?.args };
  }
  throw new Error('expected a revert');
}
