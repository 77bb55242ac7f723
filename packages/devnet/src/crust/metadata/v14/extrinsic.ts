import type { CommonTypes } from './common.ts';
import type { TypeTable } from './type-table.ts';

/**
 * The extrinsic format of the crust runtime: Address = AccountId, MultiSignature, and Crust's
 * signed extensions with what each adds to the signed payload.
 */
export function extrinsicTypes(t: TypeTable, k: CommonTypes, runtimeCall: number) {
  const { U8, U32, U8x64, U8x65, COMPACT_U32, COMPACT_U128, UNIT, BYTES, ACCOUNT, H256 } = k;
  const MULTI_SIGNATURE = t.variant(
    ['sp_runtime', 'MultiSignature'],
    [
      [
        'Ed25519',
        0,
        [[null, t.composite(['sp_core', 'ed25519', 'Signature'], [[null, U8x64, '[u8; 64]']])]],
      ],
      [
        'Sr25519',
        1,
        [[null, t.composite(['sp_core', 'sr25519', 'Signature'], [[null, U8x64, '[u8; 64]']])]],
      ],
      [
        'Ecdsa',
        2,
        [[null, t.composite(['sp_core', 'ecdsa', 'Signature'], [[null, U8x65, '[u8; 65]']])]],
      ],
    ],
  );
  const eraVariants: [string, number, [string | null, number, string?][]?][] = [['Immortal', 0]];
  for (let i = 1; i < 256; i++) eraVariants.push([`Mortal${i}`, i, [[null, U8]]]);
  const ERA = t.variant(['sp_runtime', 'generic', 'era', 'Era'], eraVariants);
  const RUNTIME_MARKER = t.composite(['crust_runtime', 'Runtime'], []);
  const ext = (name: string, module: string, fields: [string | null, number, string?][] = []) =>
    t.composite(['frame_system', 'extensions', module, name], fields, [['T', RUNTIME_MARKER]]);
  const CHECK_SPEC = ext('CheckSpecVersion', 'check_spec_version');
  const CHECK_TX = ext('CheckTxVersion', 'check_tx_version');
  const CHECK_GENESIS = ext('CheckGenesis', 'check_genesis');
  const CHECK_MORTALITY = ext('CheckMortality', 'check_mortality', [[null, ERA, 'Era']]);
  const CHECK_NONCE = ext('CheckNonce', 'check_nonce', [[null, COMPACT_U32, 'T::Nonce']]);
  const CHECK_WEIGHT = ext('CheckWeight', 'check_weight');
  const CHARGE = t.composite(
    ['pallet_transaction_payment', 'ChargeTransactionPayment'],
    [[null, COMPACT_U128, 'BalanceOf<T>']],
    [['T', RUNTIME_MARKER]],
  );
  const signedExtensions = [
    { identifier: 'CheckSpecVersion', type: CHECK_SPEC, additionalSigned: U32 },
    { identifier: 'CheckTxVersion', type: CHECK_TX, additionalSigned: U32 },
    { identifier: 'CheckGenesis', type: CHECK_GENESIS, additionalSigned: H256 },
    { identifier: 'CheckMortality', type: CHECK_MORTALITY, additionalSigned: H256 },
    { identifier: 'CheckNonce', type: CHECK_NONCE, additionalSigned: UNIT },
    { identifier: 'CheckWeight', type: CHECK_WEIGHT, additionalSigned: UNIT },
    { identifier: 'ChargeTransactionPayment', type: CHARGE, additionalSigned: UNIT },
  ];
  const EXTRA = t.tuple(...signedExtensions.map((e) => e.type));
  const UNCHECKED_EXTRINSIC = t.composite(
    ['sp_runtime', 'generic', 'unchecked_extrinsic', 'UncheckedExtrinsic'],
    [[null, BYTES]],
    [
      ['Address', ACCOUNT],
      ['Call', runtimeCall],
      ['Signature', MULTI_SIGNATURE],
      ['Extra', EXTRA],
    ],
  );
  return { uncheckedExtrinsic: UNCHECKED_EXTRINSIC, runtime: RUNTIME_MARKER, signedExtensions };
}
