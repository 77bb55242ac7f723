import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import type { TwinTopics } from '@robonomics-dapp/robonomics/chain/model/twin';
import { subscribeTwin } from '@robonomics-dapp/robonomics/chain/subscriptions/twin';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { h256ToCid } from '@robonomics-dapp/robonomics/ipfs/cid';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useChainSubscription } from '../../../lib/chain/use-chain-subscription.ts';
import { ipfsLink, readIpfsText, useGateways } from '../../../lib/files/ipfs-gateways.ts';
import { type FileContent, readFileContent, shownText } from '../file-content.ts';
import { type CrustConnection, useCrustFile } from '../use-crust.ts';

const ZERO_TOPIC = `0x${'00'.repeat(32)}`;

/** The Crust order of a file, live: replicas as the storage nodes report them. */
function CrustInfo({ crust, cid }: { crust: CrustConnection; cid: string }) {
  const { info, error } = useCrustFile(crust.client, cid);
  let text: string;
  if (crust.error || error) text = `Crust info unavailable: ${crust.error ?? error}`;
  else if (info === undefined) text = 'Reading the Crust order…';
  // The original app's words, lower-case 'crust' (sic) kept on purpose.
  else if (info === null) text = 'File is not pinned in crust network';
  else text = `Crust: reported_replica_count ${info.reportedReplicaCount}`;
  return (
    <div className="small" data-testid="crust-info">
      <p>{text}</p>
      {info && info.replicas.length > 0 && (
        <ul className="plain-list mono break" aria-label="Replicas">
          {info.replicas.map((who) => (
            <li key={who}>replica: {who}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One file of the twin: its CID, Crust order and content (decrypted when it is for this key). */
function TwinFile({
  cid,
  pair,
  ownerAddress,
  crust,
}: {
  cid: string;
  pair: KeyPair;
  ownerAddress: string;
  crust: CrustConnection;
}) {
  const picked = useGateways().picked;
  const raw = useQuery({
    queryKey: ['ipfs-text', cid],
    queryFn: () => readIpfsText(cid),
    // A CID names its content: once read, it never changes.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const content = useMemo<FileContent | null>(
    () =>
      raw.data === undefined
        ? null
        : readFileContent(raw.data, pair, [pair.publicKey, ownerAddress]),
    [raw.data, pair, ownerAddress],
  );
  const error = raw.error ? raw.error.message || 'File not available' : null;
  return (
    <li className="card stack-s" data-cid={cid}>
      <a
        className="mono break"
        href={ipfsLink(cid, picked)}
        target="_blank"
        rel="noreferrer noopener"
      >
        {cid}
      </a>
      <CrustInfo crust={crust} cid={cid} />
      {error && <p className="error small">{error}</p>}
      {!content && !error && <p className="small loading">Reading the file</p>}
      {content?.kind === 'decrypted' && (
        <p className="small muted">Encrypted for this key and decrypted here.</p>
      )}
      {content && (
        <p className="small mono break" data-testid="file-data">
          {content.kind === 'encrypted' ? 'raw (not encrypted for this key): ' : 'data: '}
          {shownText(content.text)}
        </p>
      )}
    </li>
  );
}

/** The twin's topics whose source is the owner, each read as a CIDv0 file. */
export function TwinFiles({
  twin,
  ownerAddress,
  pair,
  crust,
}: {
  twin: number;
  ownerAddress: string;
  pair: KeyPair;
  crust: CrustConnection;
}) {
  const { value: topics, error } = useChainSubscription<TwinTopics>(`twin:${twin}`, (c, set) =>
    subscribeTwin(c, twin, set),
  );
  if (error) return <p className="error small">{error}</p>;
  if (topics === undefined) {
    return (
      <p className="loading small" role="status">
        Loading
      </p>
    );
  }
  const files = topics
    .filter((t) => t.topic !== ZERO_TOPIC && addressEq(t.source, ownerAddress))
    .map((t) => h256ToCid(t.topic));
  if (files.length === 0) {
    return <p className="small muted">No files of this owner in twin #{twin} yet.</p>;
  }
  return (
    <ul className="plain-list stack-s" aria-label={`Files of twin #${twin}`}>
      {files.map((cid) => (
        <TwinFile key={cid} cid={cid} pair={pair} ownerAddress={ownerAddress} crust={crust} />
      ))}
    </ul>
  );
}
