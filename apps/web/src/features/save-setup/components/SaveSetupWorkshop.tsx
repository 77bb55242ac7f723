import {
  addressEq,
  isValidAddress,
  toRobonomicsAddress,
} from '@robonomics-dapp/robonomics/chain/address';
import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/endpoint';
import {
  subscribeTwin,
  type TwinTopics,
} from '@robonomics-dapp/robonomics/chain/subscriptions/twin';
import { sendTransaction } from '@robonomics-dapp/robonomics/chain/tx/send-transaction';
import { throughSubscription } from '@robonomics-dapp/robonomics/chain/tx/through-subscription';
import { fetchCrustBalance } from '@robonomics-dapp/robonomics/crust/balance';
import { CRU_DECIMALS, CRUST_SS58 } from '@robonomics-dapp/robonomics/crust/client';
import { type CrustFileInfo, fetchCrustFile } from '@robonomics-dapp/robonomics/crust/file-info';
import { placeStorageOrder } from '@robonomics-dapp/robonomics/crust/place-order';
import { fetchStoragePrice } from '@robonomics-dapp/robonomics/crust/storage-price';
import { decryptMessage, encryptMessage } from '@robonomics-dapp/robonomics/crypto/box';
import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import {
  isValidMnemonic,
  type KeyPair,
  pairFromUri,
} from '@robonomics-dapp/robonomics/crypto/keys';
import { web3AuthFromPair, web3AuthHeaders } from '@robonomics-dapp/robonomics/crypto/web3-auth';
import { cidToH256, h256ToCid } from '@robonomics-dapp/robonomics/ipfs/cid';
import { fetchIpfsText } from '@robonomics-dapp/robonomics/ipfs/gateway';
import { addToIpfs } from '@robonomics-dapp/robonomics/ipfs/kubo-add';
import { formatBalance } from '@robonomics-dapp/robonomics/rws/format';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { appConfig } from '../../../app/config.ts';
import { Address } from '../../../components/Address.tsx';
import { TwinSelector } from '../../../components/TwinSelector.tsx';
import { useChain } from '../../../lib/chain-store.ts';
import { useSavedSetups } from '../../../lib/saved-setups.ts';
import { useChainSubscription } from '../../../lib/use-chain-subscription.ts';
import { useCrust } from '../use-crust.ts';

const ZERO_TOPIC = `0x${'00'.repeat(32)}`;

/** A secret phrase, a dev URI (//Alice) or a raw 0x seed of 32 bytes. */
function unlock(seed: string): KeyPair {
  const text = seed.trim();
  const base = text.split('//')[0]!.trim();
  const ok = text.startsWith('//') || /^0x[0-9a-fA-F]{64}$/.test(base) || isValidMnemonic(base);
  if (!ok) throw new Error('This is not a secret phrase or a seed.');
  return pairFromUri(text, 'ed25519');
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** One file of the twin: its CID, Crust order and content (decrypted when it is for this key). */
function TwinFile({
  cid,
  pair,
  crustInfo,
}: {
  cid: string;
  pair: KeyPair;
  crustInfo: CrustFileInfo | null | undefined;
}) {
  const [content, setContent] = useState<{ raw: string; data: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    fetchIpfsText(appConfig.ipfsGateway, cid).then(
      (raw) => {
        let data = raw;
        if (raw.trim().startsWith('0x')) {
          try {
            data = decryptMessage(raw.trim(), pair, pair.publicKey);
          } catch {
            data = 'Not encrypted for this key.';
          }
        }
        if (active) setContent({ raw, data });
      },
      (e) => active && setError(errorText(e)),
    );
    return () => {
      active = false;
    };
  }, [cid, pair]);
  return (
    <li className="card stack-s" data-cid={cid}>
      <a
        className="mono break"
        href={`${appConfig.ipfsGateway}/ipfs/${cid}`}
        target="_blank"
        rel="noreferrer"
      >
        {cid}
      </a>
      <p className="small" data-testid="crust-info">
        {crustInfo === undefined
          ? 'Reading the Crust order…'
          : crustInfo === null
            ? 'File is not pinned in crust network'
            : `Crust: ${crustInfo.fileSize} bytes, replica: ${crustInfo.reportedReplicaCount}${crustInfo.replicas.length ? ` (${crustInfo.replicas.join(', ')})` : ''}`}
      </p>
      {error && <p className="error small">{error}</p>}
      {content && (
        <>
          {content.raw.trim().startsWith('0x') && (
            <p className="small mono break muted">encrypt: {content.raw.slice(0, 120)}…</p>
          )}
          <p className="small mono break" data-testid="file-data">
            data: {content.data}
          </p>
        </>
      )}
    </li>
  );
}

export default function SaveSetupWorkshop() {
  const id = useId();
  const client = useChain((s) => s.client);
  const network = networkOfEndpoint(useChain((s) => s.endpoint));
  const { setups, active } = useSavedSetups();
  const [owner, setOwner] = useState(
    active[network] ?? setups.find((s) => s.network === network)?.owner ?? '',
  );
  const [seed, setSeed] = useState('');
  const [pair, setPair] = useState<KeyPair | null>(null);
  const [unlockError, setUnlockError] = useState<string | null>(null);
  const [twin, setTwin] = useState<number | null>(null);
  const [message, setMessage] = useState('{"name":"blushing cow"}');
  const [encrypted, setEncrypted] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<{ cid: string; size: number } | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const crust = useCrust();
  const [crustInfos, setCrustInfos] = useState<Record<string, CrustFileInfo | null>>({});
  const [crustFacts, setCrustFacts] = useState<{ balance: bigint; price: bigint } | null>(null);
  const [tick, setTick] = useState(0);

  const address = pair ? toKeyringPair(pair).address : null;
  const ownerValid = isValidAddress(owner);
  const ownerAddress = ownerValid ? toRobonomicsAddress(owner) : null;
  const topics = useChainSubscription<TwinTopics>(twin === null ? null : `twin:${twin}`, (c, set) =>
    subscribeTwin(c, twin!, set),
  ).value;
  const files = (topics ?? [])
    .filter((t) => t.topic !== ZERO_TOPIC && ownerAddress && addressEq(t.source, ownerAddress))
    .map((t) => h256ToCid(t.topic));
  const filesKey = files.join(',');

  // Crust orders of the listed files and of the uploaded one, refreshed every few seconds and
  // after each action (`tick`).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` re-reads after an action.
  useEffect(() => {
    const cids = [
      ...new Set([...filesKey.split(',').filter(Boolean), ...(uploaded ? [uploaded.cid] : [])]),
    ];
    if (!crust.client || cids.length === 0) return;
    let active = true;
    const read = () =>
      Promise.all(
        cids.map(
          async (cid) => [cid, await fetchCrustFile(crust.client!, cid).catch(() => null)] as const,
        ),
      ).then((entries) => active && setCrustInfos(Object.fromEntries(entries)));
    void read();
    const timer = setInterval(() => void read(), 3000);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [crust.client, filesKey, uploaded, tick]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` re-reads after an action.
  useEffect(() => {
    if (!crust.client || !pair || !uploaded) return;
    let active = true;
    const who = toKeyringPair(pair, CRUST_SS58).address;
    Promise.all([
      fetchCrustBalance(crust.client, who),
      fetchStoragePrice(crust.client, uploaded.size),
    ]).then(
      ([balance, price]) => active && setCrustFacts({ balance, price }),
      () => active && setCrustFacts(null),
    );
    return () => {
      active = false;
    };
  }, [crust.client, pair, uploaded, tick]);

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setStatus(null);
    try {
      setStatus({ ok: true, text: await action() });
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) });
    } finally {
      setBusy(false);
      setTick((t) => t + 1);
    }
  };

  /** A twin call, through the owner's subscription when the unlocked account is its device. */
  const sendTwinCall = async (
    build: (c: NonNullable<typeof client>) => Parameters<typeof throughSubscription>[1],
  ) => {
    if (!client) throw new Error('Parachain is not ready.');
    if (!pair || !ownerAddress) throw new Error("Please, add a correct owner's address");
    const signer = toKeyringPair(pair);
    const tx = await throughSubscription(client, build(client), signer, ownerAddress);
    await sendTransaction(client, tx, signer);
  };

  const onUnlock = (e: FormEvent) => {
    e.preventDefault();
    try {
      setPair(unlock(seed));
      setSeed('');
      setUnlockError(null);
    } catch (error) {
      setUnlockError(errorText(error));
    }
  };

  return (
    <div className="stack">
      <section className="card stack-s" aria-labelledby={`${id}-keys`}>
        <h2 id={`${id}-keys`}>Account</h2>
        <label htmlFor={`${id}-owner`}>Subscription owner</label>
        <input
          id={`${id}-owner`}
          className="input mono"
          value={owner}
          onChange={(e) => setOwner(e.target.value)}
          aria-invalid={owner !== '' && !ownerValid}
        />
        {owner !== '' && !ownerValid && (
          <p className="error small">Please, add a correct owner's address</p>
        )}
        {pair ? (
          <p className="small">
            Unlocked: <Address address={address!} />{' '}
            <button type="button" className="button" onClick={() => setPair(null)}>
              Lock
            </button>
          </p>
        ) : (
          <form className="stack-s" onSubmit={onUnlock} aria-label="Unlock">
            <label htmlFor={`${id}-seed`}>Account seed</label>
            <input
              id={`${id}-seed`}
              type="password"
              className="input"
              autoComplete="off"
              value={seed}
              onChange={(e) => setSeed(e.target.value)}
              placeholder="Secret phrase, //Dev URI or 0x seed"
            />
            {unlockError && (
              <p className="error small" role="alert">
                {unlockError}
              </p>
            )}
            <button type="submit" className="button primary" disabled={!seed.trim()}>
              unlock
            </button>
          </form>
        )}
      </section>

      {pair && (
        <>
          <section className="card stack-s" aria-labelledby={`${id}-twin`}>
            <h2 id={`${id}-twin`}>Digital twin</h2>
            <TwinSelector account={address} value={twin} onChange={setTwin} />
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await sendTwinCall((c) => c.tx.digitalTwin.create());
                  return 'Digital twin created.';
                })
              }
            >
              Create new
            </button>
          </section>

          {twin !== null && (
            <section className="card stack-s" aria-labelledby={`${id}-files`}>
              <h2 id={`${id}-files`}>Files</h2>
              {files.length === 0 ? (
                <p className="small muted">No files of this owner in the twin yet.</p>
              ) : (
                <ul className="plain-list stack-s">
                  {files.map((cid) => (
                    <TwinFile key={cid} cid={cid} pair={pair} crustInfo={crustInfos[cid]} />
                  ))}
                </ul>
              )}
            </section>
          )}

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
            <button
              type="button"
              className="button"
              onClick={() => {
                setEncrypted(encryptMessage(message, pair, pair.publicKey));
                setUploaded(null);
              }}
            >
              encrypt
            </button>
            {encrypted && (
              <p className="small mono break" data-testid="encrypted">
                Encrypted content: {encrypted}
              </p>
            )}
            {encrypted && (
              <button
                type="button"
                className="button"
                disabled={busy || !ownerAddress}
                onClick={() =>
                  void run(async () => {
                    const headers = web3AuthHeaders(web3AuthFromPair(pair), ownerAddress!);
                    const cid = await addToIpfs(appConfig.ipfsApi, encrypted, headers);
                    setUploaded({ cid, size: new TextEncoder().encode(encrypted).length });
                    return `Uploaded to IPFS: ${cid}`;
                  })
                }
              >
                Upload to ipfs
              </button>
            )}
          </section>

          {uploaded && (
            <section className="card stack-s" aria-labelledby={`${id}-crust`}>
              <h2 id={`${id}-crust`}>Save to crust</h2>
              <p className="small mono break">
                Ipfs file info: {uploaded.cid}, {uploaded.size} bytes
              </p>
              {crust.error && <p className="error small">{crust.error}</p>}
              {crustInfos[uploaded.cid] ? (
                <p className="ok small">
                  Crust saved (replica: {crustInfos[uploaded.cid]!.reportedReplicaCount})
                </p>
              ) : !crustFacts ? (
                <p className="loading small">...</p>
              ) : (
                <>
                  <p className="small">
                    Balance: {formatBalance(crustFacts.balance, CRU_DECIMALS)} CRU · Price:{' '}
                    {formatBalance(crustFacts.price, CRU_DECIMALS)} CRU
                  </p>
                  {crustFacts.balance > crustFacts.price ? (
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() =>
                        void run(async () => {
                          if (!crust.client)
                            throw new Error('The Crust network cannot be reached.');
                          await placeStorageOrder(
                            crust.client,
                            toKeyringPair(pair, CRUST_SS58),
                            uploaded.cid,
                            uploaded.size,
                          );
                          return 'Crust saved';
                        })
                      }
                    >
                      store file
                    </button>
                  ) : (
                    <p className="error small">low balance</p>
                  )}
                </>
              )}
              <h2>Save to digital twin</h2>
              <button
                type="button"
                className="button primary"
                disabled={busy || twin === null}
                onClick={() =>
                  void run(async () => {
                    await sendTwinCall((c) =>
                      c.tx.digitalTwin.setSource(
                        twin!,
                        cidToH256(uploaded.cid) as `0x${string}`,
                        ownerAddress!,
                      ),
                    );
                    return 'Digital twin saved';
                  })
                }
              >
                save to digital twin
              </button>
              {twin === null && <p className="small muted">Choose or create a twin first.</p>}
            </section>
          )}
          {busy && (
            <p className="loading" role="status">
              Working
            </p>
          )}
          {status && (
            <p className={status.ok ? 'ok' : 'error'} role={status.ok ? 'status' : 'alert'}>
              {status.text}
            </p>
          )}
        </>
      )}
    </div>
  );
}
