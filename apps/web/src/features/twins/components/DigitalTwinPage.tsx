import { isValidAddress } from '@robonomics-dapp/robonomics/chain/model/address';
import { addressEq, includesAddress } from '@robonomics-dapp/robonomics/chain/model/same-account';
import type { TwinTopics } from '@robonomics-dapp/robonomics/chain/model/twin';
import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { subscribeTwin } from '@robonomics-dapp/robonomics/chain/subscriptions/twin';
import { h256ToCid } from '@robonomics-dapp/robonomics/ipfs/cid';
import {
  ALTRUIST_TOPIC,
  topicFromInput,
  topicToText,
} from '@robonomics-dapp/robonomics/twin/topic';
import { createTwin, setTwinSource } from '@robonomics-dapp/robonomics/twin/twin-calls';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Address } from '../../../components/Address.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { TwinSelector } from '../../../components/TwinSelector.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { WalletPanel } from '../../../components/WalletPanel.tsx';
import { actionSender, readyClient } from '../../../lib/actions/send-action.ts';
import { useChainSubscription } from '../../../lib/chain/use-chain-subscription.ts';
import { useSubscriptionDevices } from '../../../lib/chain/use-subscription-devices.ts';
import { routePaths } from '../../../lib/shell/route-table.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { activeSetupOf, useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';

type View = 'hex' | 'ipfs' | 'text';

function topicView(topic: string, view: View): string {
  if (view === 'hex') return topic;
  if (view === 'ipfs') return h256ToCid(topic);
  return topicToText(topic);
}

function TopicRow({ topic, source }: { topic: string; source: string }) {
  const [view, setView] = useState<View>('hex');
  return (
    <li className="card stack-s" data-testid="twin-topic">
      <div className="row" role="tablist" aria-label="Show the topic as">
        {(['hex', 'ipfs', 'text'] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            className="button small"
            aria-selected={view === v}
            onClick={() => setView(v)}
          >
            {v}
          </button>
        ))}
      </div>
      <p className="mono break" data-testid="topic-value">
        {topicView(topic, view)}
      </p>
      <p className="small">
        Source: <Address address={source} />
        {topic === ALTRUIST_TOPIC && (
          <>
            {' '}
            <Link to={`${routePaths.altruist}/${source}`}>» altruist</Link>
          </>
        )}
      </p>
    </li>
  );
}

/** Who pays: the active setup's owner subscription when the account is one of its devices. */
function useSubscriptionOwner(account: string | null): string | null {
  const network = networkOfEndpoint(useChain((s) => s.endpoint));
  const owner = activeSetupOf(useSavedSetups(), network)?.owner ?? null;
  const devices = useSubscriptionDevices(owner);
  if (!owner || !account || addressEq(owner, account)) return null;
  return includesAddress(devices ?? [], account) ? owner : null;
}

export default function DigitalTwinPage() {
  const id = useId();
  const _client = useChain((s) => s.client);
  const account = useWallet((s) => s.address);
  const payer = useSubscriptionOwner(account);
  const [twin, setTwin] = useState<number | null>(null);
  const topics = useChainSubscription<TwinTopics>(twin === null ? null : `twin:${twin}`, (c, set) =>
    subscribeTwin(c, twin!, set),
  ).value;
  const createTx = useTx('Creating the twin was cancelled.');
  const sourceTx = useTx('Saving the source was cancelled.');
  const [topic, setTopic] = useState('');
  const [source, setSource] = useState('');

  const onCreate = () =>
    createTx.run(async (signed) => {
      const { result } = await createTwin(
        readyClient(),
        actionSender({ payer, onSigned: signed, purpose: 'twin', what: 'new digital twin' }),
      );
      return `Digital twin created in block ${result.blockNumber}.`;
    });

  const onAddSource = () =>
    sourceTx.run(async (signed) => {
      const client = readyClient();
      if (twin === null) throw new Error('Choose a digital twin first.');
      if (!isValidAddress(source)) throw new Error('The source must be a valid account address.');
      const hexTopic = topicFromInput(topic);
      await setTwinSource(
        client,
        actionSender({ payer, onSigned: signed, purpose: 'twin', what: 'digital twin source' }),
        twin,
        hexTopic as `0x${string}`,
        source.trim(),
      );
      setTopic('');
      return 'Source saved.';
    });

  return (
    <>
      <PageHeading title="Digital Twin">
        A digital twin maps topics (32-byte keys: a file's content id, a text) to the accounts that
        provide them.
      </PageHeading>
      <div className="grid-2">
        <section className="card stack" aria-labelledby={`${id}-twins`}>
          <h2 id={`${id}-twins`}>Your twins</h2>
          <TwinSelector account={account} value={twin} onChange={setTwin} />
          {payer && <p className="small muted">Paid by the subscription of your active setup.</p>}
          <TxButton
            status={createTx.status}
            outcome={createTx.outcome}
            onClick={() => void onCreate()}
            disabled={!account}
            labels={{ idle: 'Create new', working: 'Creating…', done: 'Create another' }}
          />
        </section>
        <section className="card stack" aria-labelledby={`${id}-account`}>
          <h2 id={`${id}-account`}>Account</h2>
          <WalletPanel />
        </section>
        {twin !== null && (
          <section className="card stack" aria-labelledby={`${id}-topics`}>
            <h2 id={`${id}-topics`}>Twin #{twin}</h2>
            {topics === undefined ? (
              <p className="loading">Loading</p>
            ) : topics.length === 0 ? (
              <p className="muted">No entries</p>
            ) : (
              <ul className="plain-list stack-s">
                {topics.map((t) => (
                  <TopicRow key={t.topic} topic={t.topic} source={t.source} />
                ))}
              </ul>
            )}
            <form
              className="stack-s"
              aria-label="Add source"
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                void onAddSource();
              }}
            >
              <h3>Add source</h3>
              <label htmlFor={`${id}-topic`}>Topic (0x…, a CIDv0 or up to 32 bytes of text)</label>
              <input
                id={`${id}-topic`}
                className="input mono"
                value={topic}
                onChange={(e) => setTopic(e.target.value)}
              />
              <label htmlFor={`${id}-source`}>Source account</label>
              <input
                id={`${id}-source`}
                className="input mono"
                value={source}
                onChange={(e) => setSource(e.target.value)}
              />
              <TxButton
                status={sourceTx.status}
                outcome={sourceTx.outcome}
                onClick={() => void onAddSource()}
                disabled={!account || topic.trim() === '' || source.trim() === ''}
                labels={{ idle: 'Save', working: 'Saving…', done: 'Save another' }}
              />
            </form>
          </section>
        )}
      </div>
    </>
  );
}
