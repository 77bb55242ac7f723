import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { useId, useState } from 'react';
import type { UploadedFile } from '../uploaded-file.ts';
import type { CrustConnection } from '../use-crust.ts';
import { CrustPanel } from './CrustPanel.tsx';
import { EncryptUploadStep } from './EncryptUploadStep.tsx';
import { SaveToTwinStep } from './SaveToTwinStep.tsx';
import { TwinFiles } from './TwinFiles.tsx';
import { TwinStep } from './TwinStep.tsx';

/**
 * Everything after "unlock", one component per step: the twin, its files, encrypt and upload,
 * the Crust order, the twin pointer. The workshop holds only what the steps share.
 */
export function UnlockedWorkshop({
  pair,
  address,
  ownerAddress,
  crust,
}: {
  pair: KeyPair;
  /** The key's address, SS58-32. */
  address: string;
  /** The subscription owner, SS58-32; null while the field is empty or invalid. */
  ownerAddress: string | null;
  crust: CrustConnection;
}) {
  const id = useId();
  const [twin, setTwin] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [cidInput, setCidInput] = useState('');
  // Each upload starts the last step afresh, its content id filled in.
  const [uploads, setUploads] = useState(0);

  const onUploaded = (file: UploadedFile | null) => {
    setUploaded(file);
    if (!file) return;
    setCidInput(file.cid);
    setUploads((n) => n + 1);
  };

  return (
    <div className="stack">
      <div className="grid-2">
        <TwinStep
          headingId={`${id}-twin`}
          pair={pair}
          address={address}
          ownerAddress={ownerAddress}
          twin={twin}
          onTwin={setTwin}
        />

        <section className="card stack-s" aria-labelledby={`${id}-files`}>
          <h2 id={`${id}-files`}>Files</h2>
          {twin === null ? (
            <p className="small muted">Choose a digital twin to see its files.</p>
          ) : !ownerAddress ? (
            <p className="small muted">Enter the subscription owner to see its files.</p>
          ) : (
            <TwinFiles twin={twin} ownerAddress={ownerAddress} pair={pair} crust={crust} />
          )}
        </section>
      </div>

      <EncryptUploadStep
        headingId={`${id}-setup`}
        pair={pair}
        ownerAddress={ownerAddress}
        onUploaded={onUploaded}
      />

      <div className="grid-2">
        <section className="card stack-s" aria-labelledby={`${id}-crust`}>
          <h2 id={`${id}-crust`}>Save to crust</h2>
          {uploaded ? (
            <CrustPanel crust={crust} pair={pair} file={uploaded} />
          ) : (
            <p className="small muted">Upload a file to IPFS first.</p>
          )}
        </section>

        <SaveToTwinStep
          key={uploads}
          headingId={`${id}-save`}
          pair={pair}
          ownerAddress={ownerAddress}
          twin={twin}
          cidInput={cidInput}
          onCidInput={setCidInput}
        />
      </div>
    </div>
  );
}
