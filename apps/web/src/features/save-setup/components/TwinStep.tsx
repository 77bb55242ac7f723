import { addressEq, includesAddress } from '@robonomics-dapp/robonomics/chain/model/same-account';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { createTwin } from '@robonomics-dapp/robonomics/twin/twin-calls';
import { TwinSelector } from '../../../components/TwinSelector.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { readyClient } from '../../../lib/actions/send-action.ts';
import { useSubscriptionDevices } from '../../../lib/chain/use-subscription-devices.ts';
import { twinSender } from '../twin-sender.ts';

type Relation = 'owner' | 'device' | 'stranger' | 'loading';

function RelationNote({ relation }: { relation: Relation | null }) {
  if (relation === 'owner') {
    return (
      <p className="small muted">This key is the owner's: twin calls are paid by its balance.</p>
    );
  }
  if (relation === 'device') {
    return (
      <p className="small muted">
        A device of the owner's subscription: twin calls are paid by the subscription.
      </p>
    );
  }
  if (relation === 'stranger') {
    return (
      <p className="small notice-warn">
        This account is not a device of the owner's subscription: twin calls and uploads for it will
        be refused.
      </p>
    );
  }
  return null;
}

/** Step 1: the digital twin, chosen among the key's twins or created. */
export function TwinStep({
  headingId,
  pair,
  address,
  ownerAddress,
  twin,
  onTwin,
}: {
  headingId: string;
  pair: KeyPair;
  address: string;
  ownerAddress: string | null;
  twin: number | null;
  onTwin: (twin: number | null) => void;
}) {
  const devices = useSubscriptionDevices(ownerAddress);
  const createTx = useTx('Creating the twin was cancelled.');
  const relation: Relation | null = !ownerAddress
    ? null
    : addressEq(address, ownerAddress)
      ? 'owner'
      : devices === undefined
        ? 'loading'
        : includesAddress(devices, address)
          ? 'device'
          : 'stranger';

  const onCreate = () =>
    createTx.run(async (signed) => {
      const { twin: created } = await createTwin(
        readyClient(),
        twinSender(pair, ownerAddress, signed),
      );
      if (created === null) return 'Digital twin created.';
      onTwin(created);
      return `Digital twin #${created} created.`;
    });

  return (
    <section className="card stack-s" aria-labelledby={headingId}>
      <h2 id={headingId}>Digital twin</h2>
      <RelationNote relation={relation} />
      <TwinSelector account={address} value={twin} onChange={onTwin} />
      <TxButton
        status={createTx.status}
        outcome={createTx.outcome}
        onClick={() => void onCreate()}
        disabled={!ownerAddress}
        labels={{ idle: 'Create new', working: 'Creating…', done: 'Create another' }}
      />
    </section>
  );
}
