import { stringToU8a, u8aConcat } from '@polkadot/util';
import {
  RUNTIME_VERSION,
  type RuntimeDescription,
  type RuntimeOptions,
  robonomicsMetadata,
} from '../runtime/runtime.ts';
import { callWeight, inclusionFee, paysFee, refundsFee } from '../runtime/weights.ts';
import { writeAccount } from './balances.ts';
import { rewardAuthor } from './collator-selection.ts';
import { DEV_ENDOWMENT, devAccounts } from './dev-accounts.ts';
import { dispatchCall } from './route-call.ts';
import { rotateAuctions } from './rws.ts';

/** "modl" ++ "PotStake": the collator pot that receives the fees. */
export const POT_ACCOUNT = u8aConcat(stringToU8a('modlPotStake'), new Uint8Array(20));

/**
 * The Robonomics parachain (spec 43): the production metadata file, its identity and the pallet
 * rules of chain/pallets.
 */
export function robonomicsDescription(options: RuntimeOptions = {}): RuntimeDescription {
  return {
    metadata: robonomicsMetadata(options),
    version: RUNTIME_VERSION,
    properties: { ss58Format: 32, tokenDecimals: 9, tokenSymbol: 'XRT' },
    chainName: 'Robonomics Local Development',
    nodeName: 'Robonomics Devnet',
    nodeVersion: '4.3.0-devnet',
    logic: {
      dispatch: dispatchCall,
      onInitialize: (ctx, blockNumber) => {
        // Pallet order: RWS (55) rotates auctions before Authorship (80) rewards the author.
        rotateAuctions(ctx, blockNumber);
        rewardAuthor(ctx, POT_ACCOUNT, devAccounts()[0]!.publicKey);
      },
      genesis: (ctx) => {
        // The dev preset: endowed dev accounts, Alice sudo and RWS oracle. As in the runtime's
        // own genesis, Alice's session keys hold a consumer reference on her account, and the
        // collator pot that receives fees does not exist until the first fee creates it.
        let issuance = 0n;
        devAccounts().forEach((account, i) => {
          writeAccount(ctx, account.publicKey, {
            nonce: 0,
            consumers: i === 0 ? 1 : 0,
            providers: 1,
            sufficients: 0,
            free: DEV_ENDOWMENT,
            reserved: 0n,
            frozen: 0n,
            flags: 0n,
          });
          issuance += DEV_ENDOWMENT;
        });
        const alice = devAccounts()[0]!.publicKey;
        ctx.write('balances', 'totalIssuance', [], issuance);
        ctx.write('sudo', 'key', [], alice);
        ctx.write('rws', 'oracle', [], alice);
        ctx.write('session', 'validators', [], [alice]);
      },
      callWeight,
      paysFee,
      refundsFee,
      inclusionFee,
      feeDestination: POT_ACCOUNT,
    },
  };
}
