import type { Call } from '@polkadot/types/interfaces';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import type { ExecContext, Origin } from '../chain/context.ts';
import { devAccounts } from '../chain/dev-accounts.ts';
import { type Account, writeAccount } from '../chain/pallets/balances.ts';
import { dispatchSystem } from '../chain/pallets/system.ts';
import type { RuntimeDescription } from '../chain/runtime.ts';
import { SEED_CONTROLLER_MNEMONIC } from '../chain/seed.ts';
import {
  CRUST_CONSTANTS,
  CRUST_SS58,
  DEV_ENDOWMENT,
  GENESIS_MARKET_FEES,
  marketPot,
  TREASURY_ACCOUNT,
} from './constants.ts';
import { buildCrustMetadata } from './metadata.ts';
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

let metadata: Uint8Array | null = null;

/**
 * The Crust-like storage chain on the devnet engine: hand-built V14 metadata, CRU with 12
 * decimals and SS58 66, the dev accounts endowed, and the market open with static prices.
 */
export function crustDescription(): RuntimeDescription {
  metadata ??= buildCrustMetadata(CRUST_CONSTANTS);
  const ed = CRUST_CONSTANTS.existentialDeposit;
  return {
    metadata,
    version: CRUST_CONSTANTS.version,
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
    },
  };
}
