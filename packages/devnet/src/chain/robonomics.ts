import { devAccounts } from './dev-accounts.ts';
import { dispatchCall } from './dispatch.ts';
import { DEV_ENDOWMENT, POT_ACCOUNT } from './node.ts';
import { EXISTENTIAL_DEPOSIT, writeAccount } from './pallets/balances.ts';
import { rotateAuctions } from './pallets/rws.ts';
import {
  RUNTIME_VERSION,
  type RuntimeDescription,
  type RuntimeOptions,
  robonomicsMetadata,
} from './runtime.ts';
import { callWeight, inclusionFee, paysFee } from './weights.ts';

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
      onInitialize: rotateAuctions,
      genesis: (ctx) => {
        // The dev preset: endowed dev accounts, Alice sudo and RWS oracle.
        let issuance = 0n;
        for (const account of devAccounts()) {
          writeAccount(ctx, account.publicKey, {
            nonce: 0,
            consumers: 0,
            providers: 1,
            sufficients: 0,
            free: DEV_ENDOWMENT,
            reserved: 0n,
            frozen: 0n,
            flags: 0n,
          });
          issuance += DEV_ENDOWMENT;
        }
        writeAccount(ctx, POT_ACCOUNT, {
          nonce: 0,
          consumers: 0,
          providers: 1,
          sufficients: 0,
          free: EXISTENTIAL_DEPOSIT,
          reserved: 0n,
          frozen: 0n,
          flags: 0n,
        });
        issuance += EXISTENTIAL_DEPOSIT;
        const alice = devAccounts()[0]!.publicKey;
        ctx.write('balances', 'totalIssuance', [], issuance);
        ctx.write('sudo', 'key', [], alice);
        ctx.write('rws', 'oracle', [], alice);
        ctx.write('session', 'validators', [], [alice]);
      },
      callWeight,
      paysFee,
      inclusionFee,
      feeDestination: POT_ACCOUNT,
    },
  };
}
