import type { Call } from '@polkadot/types/interfaces';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { type Account, writeAccount } from '../chain/pallets/balances.ts';
import { devAccounts } from '../chain/pallets/dev-accounts.ts';
import { dispatchSystem } from '../chain/pallets/system.ts';
import type { ExecContext, Origin } from '../chain/runtime/context.ts';
import type { RuntimeDescription } from '../chain/runtime/runtime.ts';
import { SEED_CONTROLLER_MNEMONIC } from '../chain/seed.ts';
import {
  CRUST_CONSTANTS,
  CRUST_SS58,
  DEV_ENDOWMENT,
  GENESIS_MARKET_FEES,
  marketPot,
  TREASURY_ACCOUNT,
} from './constants.ts';
import { CRUST_LEGACY_TYPES } from './metadata/legacy-types.ts';
import { buildCrustMetadata } from './metadata/metadata.ts';
import { buildCrustMetadataV13, CRUST_V13_APIS } from './metadata/metadata-v13.ts';
import { dispatchCrustBalances } from './pallets/balances.ts';
import { dispatchMarket, reportReplicas, SPOWER_SUPERIOR } from './pallets/market.ts';
import { crustCallWeight, crustInclusionFee } from './weights.ts';

const pallets: Record<string, (ctx: ExecContext, call: Call, origin: Origin) => void> = {
  system: dispatchSystem,
  balances: dispatchCrustBalances,
  market: dispatchMarket,
};

const endowed = (free: bigint): Account => ({
  nonce: 0,
  consumers: 0,
  providers: 1,
  sufficients: 0,
  free,
  reserved: 0n,
  frozen: 0n,
  flags: 0n,
});

/** Which metadata the chain serves: V13 as Crust mainnet does (default), or a V14 description. */
export type CrustMetadataMode = 'v13' | 'v14';

const metadata = new Map<CrustMetadataMode, Uint8Array>();

/**
 * The Crust storage chain on the devnet engine, CRU with 12 decimals and SS58 66, the dev
 * accounts endowed, and the market open with static prices. By default it serves what Crust
 * mainnet serves: V13 metadata of the legacy runtime with its legacy types, runtime APIs and
 * version (docs/crust.md); `v14` serves the same chain described in V14, as an upgraded Crust
 * would.
 */
export function crustDescription(mode: CrustMetadataMode = 'v13'): RuntimeDescription {
  const legacy = mode === 'v13';
  let bytes = metadata.get(mode);
  if (!bytes) {
    bytes = legacy
      ? buildCrustMetadataV13({ ...CRUST_CONSTANTS, apis: CRUST_V13_APIS })
      : buildCrustMetadata(CRUST_CONSTANTS);
    metadata.set(mode, bytes);
  }
  const ed = CRUST_CONSTANTS.existentialDeposit;
  const { stateVersion, ...legacyVersion } = CRUST_CONSTANTS.version;
  return {
    metadata: bytes,
    ...(legacy ? { types: CRUST_LEGACY_TYPES } : {}),
    version: legacy ? legacyVersion : { ...legacyVersion, stateVersion },
    properties: { ss58Format: CRUST_SS58, tokenDecimals: 12, tokenSymbol: 'CRU' },
    chainName: 'Crust Local Development',
    nodeName: 'Crust Devnet',
    nodeVersion: '0.25.0-devnet',
    logic: {
      dispatch: (ctx, call, origin) => {
        const pallet = pallets[call.section];
        if (!pallet) ctx.fail('System', 'CallFiltered');
        pallet(ctx, call, origin);
      },
      onInitialize: reportReplicas,
      genesis: (ctx) => {
        let issuance = 0n;
        // The dev accounts and the seeded home's controller, which orders its files (HA does).
        const controller = pairFromUri(SEED_CONTROLLER_MNEMONIC, 'ed25519').publicKey;
        for (const publicKey of [...devAccounts(CRUST_SS58).map((a) => a.publicKey), controller]) {
          writeAccount(ctx, publicKey, endowed(DEV_ENDOWMENT));
          issuance += DEV_ENDOWMENT;
        }
        // The market pots and the treasury start with the existential deposit (init_pot).
        for (const pot of [
          marketPot('coll'),
          marketPot('stor'),
          marketPot('stak'),
          marketPot('rese'),
          TREASURY_ACCOUNT,
        ]) {
          writeAccount(ctx, pot, endowed(ed));
          issuance += ed;
        }
        ctx.write('balances', 'totalIssuance', [], issuance);
        ctx.write('market', 'enableMarket', [], true);
        ctx.write('market', 'fileBaseFee', [], GENESIS_MARKET_FEES.fileBaseFee);
        ctx.write('market', 'fileByteFee', [], GENESIS_MARKET_FEES.fileByteFee);
        ctx.write('market', 'fileKeysCountFee', [], GENESIS_MARKET_FEES.fileKeysCountFee);
        ctx.write('market', 'spowerSuperior', [], SPOWER_SUPERIOR);
      },
      callWeight: crustCallWeight,
      paysFee: () => true,
      inclusionFee: crustInclusionFee,
      feeDestination: TREASURY_ACCOUNT,
      // Crust's fee handler withdraws and pays the fee out without Balances events.
      feeEvents: !legacy,
    },
  };
}
