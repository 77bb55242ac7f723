import { ALICE } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { afterEach, describe, expect, it } from 'vitest';
import type { SentRecord } from '../storage/sent-transactions.ts';
import { keepSentRecord, useSentTransactions } from '../stores/sent-transactions.ts';
import { confirmRepeat } from './repeat-check.ts';

const GENESIS = `0x${'ab'.repeat(32)}`;
const CALL = `0x${'cc'.repeat(32)}` as const;
const record = (overrides: Partial<SentRecord> = {}): SentRecord => ({
  hash: `0x${'12'.repeat(32)}`,
  genesisHash: GENESIS,
  sender: ALICE,
  nonce: 3,
  birth: 100,
  death: 164,
  purpose: 'launch',
  what: 'command to the home',
  sentAt: 1_700_000_000_000,
  callHash: CALL,
  ...overrides,
});

afterEach(() => {
  localStorage.clear();
  useSentTransactions.setState({ records: [] });
});

describe('the same action signed twice in a row', () => {
  const asked: string[] = [];
  const ask = (answer: boolean) => (question: string) => {
    asked.push(question);
    return answer;
  };

  it('is asked about while the first is still on its way, and goes ahead only if confirmed', () => {
    keepSentRecord(record());
    expect(confirmRepeat(GENESIS, ALICE, CALL, ask(false))).toBe(false);
    expect(asked.at(-1)).toMatch(
      /^You signed the same command to the home at .+ and its outcome is not known yet\. Sign it again\? At most one of the two can run\.$/,
    );
    expect(confirmRepeat(GENESIS, ALICE, CALL, ask(true))).toBe(true);
  });

  it('is not asked about once the first ended, was refused, or made another call', () => {
    const never = () => {
      throw new Error('not asked');
    };
    keepSentRecord(
      record({
        end: { kind: 'succeeded', block: 120, blockHash: `0x${'00'.repeat(32)}`, index: 1, at: 1 },
      }),
    );
    expect(confirmRepeat(GENESIS, ALICE, CALL, never)).toBe(true);
    keepSentRecord(record({ hash: `0x${'34'.repeat(32)}`, refused: { reason: '1010', at: 1 } }));
    expect(confirmRepeat(GENESIS, ALICE, CALL, never)).toBe(true);
    keepSentRecord(record({ hash: `0x${'56'.repeat(32)}`, callHash: `0x${'dd'.repeat(32)}` }));
    expect(confirmRepeat(GENESIS, ALICE, CALL, never)).toBe(true);
    // Another account's, or another chain's, pending call is not this one's.
    keepSentRecord(record({ hash: `0x${'78'.repeat(32)}`, genesisHash: `0x${'ef'.repeat(32)}` }));
    expect(confirmRepeat(GENESIS, ALICE, CALL, never)).toBe(true);
  });
});
