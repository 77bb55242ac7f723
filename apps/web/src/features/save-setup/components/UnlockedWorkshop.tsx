import { addressEq } from '@robonomics-dapp/robonomics/chain/address';
import { encryptMessage } from '@robonomics-dapp/robonomics/crypto/box';
import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { web3AuthFromPair, web3AuthHeaders } from '@robonomics-dapp/robonomics/crypto/web3-auth';
import { cidToH256, isCidV0 } from '@robonomics-dapp/robonomics/ipfs/cid';
import { addToIpfs } from '@robonomics-dapp/robonomics/ipfs/kubo-add';
import {
  createTwin,
  type SendCall,
  setTwinSource,
} from '@robonomics-dapp/robonomics/twin/twin-calls';
import { useId, useState } from 'react';
import { TwinSelector } from '../../../components/TwinSelector.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { useChain } from '../../../lib/chain-store.ts';
import { appConfig } from '../../../lib/config.ts';
import { sendForSubscription } from '../../../lib/send-for-subscription.ts';
import { useDevices } from '../../../lib/use-devices.ts';
import type { UploadedFile } from '../uploaded-file.ts';
import type { CrustConnection } from '../use-crust.ts';
import { CrustPanel } from './CrustPanel.tsx';
import { TwinFiles } from './TwinFiles.tsx';

export const DEFAULT_MESSAGE = '{"name":"blushing cow"}';
const NO_OWNER = 'Not found parachain account: enter the subscription owner first.';
const IPFS_REFUSED = 'The IPFS node refused the authorization.';

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

/** Everything after "unlock": twin, files, encrypt, upload, Crust order, twin pointer. */
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
  const client = useChain((s) => s.client);
  const devices = useDevices(ownerAddress);
  const [twin, setTwin] = useState<number | null>(null);
  const [message, setMessage] = useState(DEFAULT_MESSAGE);
  const [encrypted, setEncrypted] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [cidInput, setCidInput] = useState('');
  const createTx = useTx('Creating the twin was cancelled.');
  const uploadTx = useTx();
  const saveTx = useTx('Saving to the twin was cancelled.');

  const relation: Relation | null = !ownerAddress
    ? null
    : addressEq(address, ownerAddress)
      ? 'owner'
      : devices === undefined
        ? 'loading'
        : devices.some((d) => addressEq(d, address))
          ? 'device'
          : 'stranger';
  const cid = cidInput.trim();
  const cidValid = isCidV0(cid);

  /** A twin call: direct for the owner, through the owner's subscription for its device. */
  const twinSender =
    (signed: () => void): SendCall =>
    (tx) => {
      if (!ownerAddress) throw new Error(NO_OWNER);
      return sendForSubscription(client, tx, ownerAddress, signed, toKeyringPair(pair));
    };

  const onCreate = () =>
    createTx.run(async (signed) => {
      if (!client) throw new Error('Parachain is not ready.');
      if (!ownerAddress) throw new Error(NO_OWNER);
      const { twin: created } = await createTwin(client, twinSender(signed));
      if (created === null) return 'Digital twin created.';
      setTwin(created);
      return `Digital twin #${created} created.`;
    });

  const onEncrypt = () => {
    setEncrypted(encryptMessage(message, pair, pair.publicKey));
    setUploaded(null);
    uploadTx.reset();
  };

  const onUpload = () =>
    uploadTx.run(async () => {
      if (!encrypted) throw new Error('Encrypt a message first.');
      if (!ownerAddress) throw new Error(NO_OWNER);
      const headers = web3AuthHeaders(web3AuthFromPair(pair), ownerAddress);
      let added: string;
      try {
        added = await addToIpfs(appConfig.ipfsApi, encrypted, headers);
      } catch (error) {
        const text = error instanceof Error ? error.message : 'The IPFS node refused the file.';
        throw new Error(
          text === IPFS_REFUSED
            ? `${text} Only a device of the owner's active subscription may upload.`
            : text,
        );
      }
      // The node's answer is not trusted: only a CIDv0 fits a twin topic.
      if (!isCidV0(added)) throw new Error('The IPFS node answered with no CIDv0 content id.');
      setUploaded({ cid: added, size: new TextEncoder().encode(encrypted).length });
      setCidInput(added);
      saveTx.reset();
      return `Uploaded to IPFS: ${added}`;
    });

  const onSaveToTwin = () =>
    saveTx.run(async (signed) => {
      if (!client) throw new Error('Parachain is not ready.');
      if (twin === null) throw new Error('Choose or create a digital twin first.');
      if (!ownerAddress) throw new Error(NO_OWNER);
      if (!cidValid) throw new Error('Enter a CIDv0 content id (Qm…, 46 characters).');
      const topic = cidToH256(cid) as `0x${string}`;
      await setTwinSource(client, twinSender(signed), twin, topic, ownerAddress);
      return 'Digital twin saved';
    });

  return (
    <div className="stack">
      <div className="grid-2">
        <section className="card stack-s" aria-labelledby={`${id}-twin`}>
          <h2 id={`${id}-twin`}>Digital twin</h2>
          <RelationNote relation={relation} />
          <TwinSelector account={address} value={twin} onChange={setTwin} />
          <TxButton
            status={createTx.status}
            outcome={createTx.outcome}
            onClick={() => void onCreate()}
            disabled={!ownerAddress}
            labels={{ idle: 'Create new', working: 'Creating…', done: 'Create another' }}
          />
        </section>

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

      <section className="card stack-s" aria-labelledby={`${id}-setup`}>
        <h2 id={`${id}-setup`}>Setup</h2>
        <label htmlFor={`${id}-message`}>Message to encrypt</label>
        <textarea
          id={`${id}-message`}
          className="input mono"
          rows={3}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <div>
          <button type="button" className="button" onClick={onEncrypt}>
            encrypt
          </button>
        </div>
        {encrypted && (
          <>
            <p className="small mono break" data-testid="encrypted">
              Encrypted content: {encrypted}
            </p>
            <h3>Upload to ipfs</h3>
            <p className="small muted">
              To {appConfig.ipfsApi}, signed in with this key for the owner's subscription.
            </p>
            <TxButton
              status={uploadTx.status}
              outcome={uploadTx.outcome}
              onClick={() => void onUpload()}
              disabled={!ownerAddress}
              labels={{ idle: 'Upload to ipfs', working: 'Uploading…', done: 'Upload again' }}
            />
          </>
        )}
      </section>

      <div className="grid-2">
        <section className="card stack-s" aria-labelledby={`${id}-crust`}>
          <h2 id={`${id}-crust`}>Save to crust</h2>
          {uploaded ? (
            <CrustPanel crust={crust} pair={pair} file={uploaded} />
          ) : (
            <p className="small muted">Upload a file to IPFS first.</p>
          )}
        </section>

        <section className="card stack-s" aria-labelledby={`${id}-save`}>
          <h2 id={`${id}-save`}>Save to digital twin</h2>
          <label htmlFor={`${id}-cid`}>Content id (CIDv0)</label>
          <input
            id={`${id}-cid`}
            className="input mono"
            value={cidInput}
            onChange={(e) => setCidInput(e.target.value)}
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
      </div>
    </div>
  );
}
