import { TxFailedError } from '@robonomics-dapp/robonomics/chain/model/errors';
import { fetchCrustBalance } from '@robonomics-dapp/robonomics/crust/balance';
import { CRU_DECIMALS, CRUST_SS58 } from '@robonomics-dapp/robonomics/crust/client';
import { estimateOrderFee, placeStorageOrder } from '@robonomics-dapp/robonomics/crust/place-order';
import { fetchStoragePrice } from '@robonomics-dapp/robonomics/crust/storage-price';
import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { formatBalance } from '@robonomics-dapp/robonomics/rws/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TxButton } from '../../../components/TxButton.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { crustStep } from '../crust-step.ts';
import type { UploadedFile } from '../uploaded-file.ts';
import {
  CRUST_UNREACHABLE,
  type CrustConnection,
  crustClientId,
  useCrustFile,
} from '../use-crust.ts';

const cru = (planck: bigint) => `${formatBalance(planck, CRU_DECIMALS)} CRU`;
/** A fee is far below the 4 decimals of a balance: shown with enough digits to be seen. */
const cruFee = (planck: bigint) => `${formatBalance(planck, CRU_DECIMALS, 8)} CRU`;

/**
 * "Save to crust": the key's CRU balance, the price of the file and the transaction fee of its
 * order (both shown before anything is signed), and the storage order.
 */
export function CrustPanel({
  crust,
  pair,
  file,
}: {
  crust: CrustConnection;
  pair: KeyPair;
  file: UploadedFile;
}) {
  const crustAddress = toKeyringPair(pair, CRUST_SS58).address;
  const { info, error: infoError } = useCrustFile(crust.client, file.cid);
  const queryClient = useQueryClient();
  const factsKey = ['crust-facts', crustClientId(crust.client), crustAddress, file.cid, file.size];
  const factsQuery = useQuery({
    queryKey: factsKey,
    enabled: crust.client !== null,
    queryFn: async () => {
      const client = crust.client!;
      const [balance, price, fee] = await Promise.all([
        fetchCrustBalance(client, crustAddress),
        fetchStoragePrice(client, file.size),
        estimateOrderFee(client, crustAddress, file.cid, file.size),
      ]);
      return { balance, price, fee };
    },
    retry: false,
    refetchOnWindowFocus: false,
  });
  const facts = factsQuery.data ?? null;
  const factsError = factsQuery.error
    ? factsQuery.error instanceof TxFailedError
      ? factsQuery.error.message
      : 'The balance, the price or the fee cannot be read on Crust.'
    : null;
  const storeTx = useTx('The storage order was cancelled.');

  const onStore = () =>
    storeTx.run(async () => {
      if (!crust.client) throw new Error(CRUST_UNREACHABLE);
      try {
        await placeStorageOrder(crust.client, toKeyringPair(pair, CRUST_SS58), file.cid, file.size);
      } finally {
        // The balance and the fee change with an order: read them again.
        void queryClient.invalidateQueries({ queryKey: factsKey });
      }
      return 'Crust saved';
    });

  let body: ReactNode;
  if (crust.error) {
    body = (
      <div className="row">
        <p className="error small">{crust.error}</p>
        <button type="button" className="button small" onClick={crust.retry}>
          Retry
        </button>
      </div>
    );
  } else if (infoError || factsError) {
    body = <p className="error small">{infoError ?? factsError}</p>;
  } else if (!crust.client || info === undefined || (!info && !facts)) {
    body = (
      <p className="loading small" role="status">
        ...
      </p>
    );
  } else {
    const step = crustStep(info !== null, facts?.balance ?? 0n, facts?.price ?? 0n, facts?.fee);
    body = (
      <>
        {facts && (
          <p className="small">
            Balance: {cru(facts.balance)} · Price: {cru(facts.price)}
          </p>
        )}
        {facts && step !== 'stored' && (
          <p className="small muted" data-testid="crust-fee">
            Transaction fee: {cruFee(facts.fee)}
          </p>
        )}
        {step === 'stored' && info ? (
          <p className="ok small" data-testid="crust-saved">
            Crust saved · replica: {info.reportedReplicaCount}
          </p>
        ) : step === 'store' ? (
          <TxButton
            status={storeTx.status}
            outcome={storeTx.outcome}
            onClick={() => void onStore()}
            labels={{ idle: 'store file', working: 'Ordering…' }}
          />
        ) : (
          <>
            <p className="error small">low balance</p>
            <p className="small muted">
              The balance must be greater than the price and the fee: send CRU to the Crust account
              above.
            </p>
          </>
        )}
      </>
    );
  }

  return (
    <div className="stack-s">
      <p className="small mono break">
        Ipfs file info: {file.cid}, {file.size} bytes
      </p>
      <p className="small">
        Crust account: <span className="mono break">{crustAddress}</span>
      </p>
      {body}
    </div>
  );
}
