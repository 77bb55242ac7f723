import { type FormEvent, useId, useState } from 'react';
import { secondNodesFor } from '../../lib/chain/second-nodes.ts';
import {
  readOwnSecondNode,
  secondNodeNetworkKey,
  writeOwnSecondNode,
} from '../../lib/storage/second-nodes.ts';
import { useChain } from '../../lib/stores/chain-store.ts';

/**
 * The second node asked before signing on the network in use (docs/security.md, "A second node
 * before decisions"): which one it is, and a node of the user's own to ask instead, kept for this
 * network. On a network with one public node (Polkadot), it is the only way to have the facts of
 * a purchase confirmed.
 */
export function SecondNodeSetting() {
  const id = useId();
  const endpoint = useChain((s) => s.endpoint);
  const network = useChain((s) => s.network);
  const key = secondNodeNetworkKey(network);
  const [, changed] = useState(0);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!key) return null;
  const own = readOwnSecondNode(key);
  const { nodes, none } = secondNodesFor(network, endpoint);

  const save = (value: string | null) => {
    const problem = writeOwnSecondNode(key, value);
    setError(problem);
    if (!problem) {
      setInput('');
      changed((n) => n + 1);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save(input);
  };

  return (
    <form
      className="stack-s"
      onSubmit={onSubmit}
      aria-label="Second node"
      data-testid="second-node"
    >
      <p className="small">
        Second node, asked to confirm what a purchase, a device-list change or a transfer rests on
        before you sign:{' '}
        {nodes.length > 0 ? (
          <span className="mono break">
            {nodes[0]!.endpoint}
            {own ? ' (yours)' : ''}
          </span>
        ) : (
          <span className="notice-warn">none, as {none}</span>
        )}
      </p>
      <label htmlFor={`${id}-node`}>Your own second node for this network</label>
      <div className="row">
        <input
          id={`${id}-node`}
          className="input"
          placeholder="wss://…"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="button">
          Save
        </button>
        {own && (
          <button type="button" className="button" onClick={() => save(null)}>
            Forget
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="error small" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
