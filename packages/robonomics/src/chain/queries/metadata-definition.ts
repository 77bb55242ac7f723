import { u8aToHex } from '@dedot/utils';
import { base64 } from '@scure/base';
import { $Metadata } from 'dedot/codecs';
import type { RobonomicsClient } from '../model/client-type.ts';
import { ROBONOMICS_SS58 } from '../model/ss58.ts';

/**
 * What a Polkadot wallet extension learns about a chain through `metadata.provide` of its
 * injected API (the shape of the MetadataDef of @polkadot/extension-inject): with it the wallet
 * decodes the calls it is asked to sign instead of showing raw bytes (docs/wallets.md).
 */
export interface ChainMetadataDefinition {
  chain: string;
  genesisHash: string;
  icon: string;
  ss58Format: number;
  chainType: 'substrate';
  color: string;
  specVersion: number;
  tokenDecimals: number;
  tokenSymbol: string;
  /** Extra type definitions: none, the metadata (V14 or later) describes every type itself. */
  types: Record<string, never>;
  /** The whole metadata, base64 (older wallets read this field). */
  metaCalls: string;
  /** The same metadata, hex (newer wallets read this one first). */
  rawMetadata: string;
}

/** The connected chain's description for wallets, from the metadata the client already has. */
export async function fetchMetadataDefinition(
  client: RobonomicsClient,
  token: { decimals: number; symbol: string },
): Promise<ChainMetadataDefinition> {
  const chain = await client.rpc.system_chain();
  const bytes = $Metadata.tryEncode(client.metadata);
  const ss58 = Number(client.consts.system.ss58Prefix);
  return {
    chain,
    genesisHash: client.genesisHash,
    icon: 'substrate',
    ss58Format: Number.isInteger(ss58) ? ss58 : ROBONOMICS_SS58,
    chainType: 'substrate',
    color: '#2949d3',
    specVersion: client.runtimeVersion.specVersion,
    tokenDecimals: token.decimals,
    tokenSymbol: token.symbol,
    types: {},
    metaCalls: base64.encode(bytes),
    rawMetadata: u8aToHex(bytes),
  };
}
