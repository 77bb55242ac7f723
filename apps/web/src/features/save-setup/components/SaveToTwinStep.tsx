import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { cidToH256, isCidV0 } from '@robonomics-dapp/robonomics/ipfs/cid';
import { setTwinSource } from '@robonomics-dapp/robonomics/twin/twin-calls';
import { useId } from 'react';
import { TxButton } from '../../../components/TxButton.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { readyClient } from '../../../lib/actions/send-action.ts';
import { NO_OWNER, twinSender } from '../twin-sender.ts';

/**
 * Last step: a CIDv0 (the uploaded file's, or one typed in) becomes a topic of the twin, with
 * the owner as its source. The workshop remounts it for each new upload, so its outcome starts
 * afresh.
 */
export function SaveToTwinStep({
  headingId,
  pair,
  ownerAddress,
  twin,
  cidInput,
  onCidInput,
}: {
  headingId: string;
  pair: KeyPair;
  ownerAddress: string | null;
  twin: number | null;
  cidInput: string;
  onCidInput: (text: string) => void;
}) {
  const id = useId();
  const saveTx = useTx('Saving to the twin was cancelled.');
  const cid = cidInput.trim();
  const cidValid = isCidV0(cid);

  const onSaveToTwin = () =>
    saveTx.run(async (signed) => {
      const client = readyClient();
      if (twin === null) throw new Error('Choose or create a digital twin first.');
      if (!ownerAddress) throw new Error(NO_OWNER);
      if (!cidValid) throw new Error('Enter a CIDv0 content id (Qm…, 46 characters).');
      const topic = cidToH256(cid) as `0x${string}`;
      await setTwinSource(
        client,
        twinSender(pair, ownerAddress, signed),
        twin,
        topic,
        ownerAddress,
      );
      return 'Digital twin saved';
    });

  return (
    <section className="card stack-s" aria-labelledby={headingId}>
      <h2 id={headingId}>Save to digital twin</h2>
      <label htmlFor={`${id}-cid`}>Content id (CIDv0)</label>
      <input
        id={`${id}-cid`}
        className="input mono"
        value={cidInput}
        onChange={(e) => onCidInput(e.target.value)}
        spellCheck={false}
        autoComplete="off"
        placeholder="Qm…"
        aria-invalid={cid !== '' && !cidValid}
      />
      {cid !== '' && !cidValid && (
        <p className="error small">A CIDv0 starts with Qm and has 46 characters.</p>
      )}
      {twin === null ? (
        <p className="small muted">Choose or create a digital twin first.</p>
      ) : (
        <p className="small muted">
          Twin #{twin} gets the topic of this file, with the owner as its source.
        </p>
      )}
      <TxButton
        status={saveTx.status}
        outcome={saveTx.outcome}
        onClick={() => void onSaveToTwin()}
        disabled={twin === null || !cidValid || !ownerAddress}
        labels={{ idle: 'save to digital twin', working: 'Saving…' }}
      />
    </section>
  );
}
