import { encryptMessage } from '@robonomics-dapp/robonomics/crypto/box';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { web3AuthFromPair, web3AuthHeaders } from '@robonomics-dapp/robonomics/crypto/web3-auth';
import { isCidV0 } from '@robonomics-dapp/robonomics/ipfs/cid';
import { addToIpfs } from '@robonomics-dapp/robonomics/ipfs/kubo-add';
import { useId, useState } from 'react';
import { TxButton } from '../../../components/TxButton.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { appConfig } from '../../../lib/shell/config.ts';
import { NO_OWNER } from '../twin-sender.ts';
import type { UploadedFile } from '../uploaded-file.ts';

export const DEFAULT_MESSAGE = '{"name":"blushing cow"}';
const IPFS_REFUSED = 'The IPFS node refused the authorization.';

/**
 * Step 2: a message encrypted for the key itself, then uploaded to the IPFS node signed in with
 * the key for the owner's subscription. `onUploaded` gets the file, or null when a new message is
 * encrypted.
 */
export function EncryptUploadStep({
  headingId,
  pair,
  ownerAddress,
  onUploaded,
}: {
  headingId: string;
  pair: KeyPair;
  ownerAddress: string | null;
  onUploaded: (file: UploadedFile | null) => void;
}) {
  const id = useId();
  const [message, setMessage] = useState(DEFAULT_MESSAGE);
  const [encrypted, setEncrypted] = useState<string | null>(null);
  const uploadTx = useTx();

  const onEncrypt = () => {
    setEncrypted(encryptMessage(message, pair, pair.publicKey));
    onUploaded(null);
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
      onUploaded({ cid: added, size: new TextEncoder().encode(encrypted).length });
      return `Uploaded to IPFS: ${added}`;
    });

  return (
    <section className="card stack-s" aria-labelledby={headingId}>
      <h2 id={headingId}>Setup</h2>
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
  );
}
