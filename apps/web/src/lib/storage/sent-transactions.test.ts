import { ALICE } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { afterEach, describe, expect, it } from 'vitest';
import {
  parseSentRecord,
  readSentRecords,
  recordsOf,
  type SentRecord,
  writeSentRecords,
} from './sent-transactions.ts';
import { SENT_TRANSACTIONS_KEY } from './sent-transactions-key.ts';

const GENESIS = `0x${'ab'.repeat(32)}`;
const record = (overrides: Partial<SentRecord> = {}): SentRecord => ({
  hash: `0x${'12'.repeat(32)}`,
  genesisHash: GENESIS,
  sender: ALICE,
  nonce: 3,
  birth: 100,
  death: 164,
  purpose: 'purchase',
  what: 'bid for a subscription',
  sentAt: 1_700_000_000_000,
  ...overrides,
});

afterEach(() => localStorage.clear());

describe('the records of sent transactions', () => {
  it('read back what was written, field by field', () => {
    const ended = record({
      hash: `0x${'34'.repeat(32)}`,
      end: { kind: 'failed', block: 120, reason: 'No subscription.', at: 1_700_000_100_000 },
      seen: true,
    });
    expect(writeSentRecords([record(), ended], 1_700_000_200_000)).toBe(true);
    expect(readSentRecords()).toEqual({ records: [record(), ended], unreadable: 0 });
  });

  it('drop what they cannot act on, and count it', () => {
    const kept = [
      record(),
      { ...record(), hash: 'not a hash' },
      { ...record(), sender: 'nobody' },
      { ...record(), genesisHash: '0x12' },
      { ...record(), death: 50 },
      { ...record(), purpose: 'theft' },
      { ...record(), end: { kind: 'succeeded', block: 1, at: 1 } },
      'text',
      null,
    ];
    localStorage.setItem(SENT_TRANSACTIONS_KEY, JSON.stringify(kept));
    expect(readSentRecords()).toEqual({ records: [record()], unreadable: 8 });
    localStorage.setItem(SENT_TRANSACTIONS_KEY, '{not json');
    expect(readSentRecords()).toEqual({ records: [], unreadable: 1 });
  });

  it('keep one form of the chain’s genesis hash, and bound what a record holds', () => {
    const parsed = parseSentRecord({
      ...record(),
      genesisHash: `0x${'AB'.repeat(32)}`,
      what: 'x'.repeat(1000),
    });
    expect(parsed?.genesisHash).toBe(GENESIS);
    expect(parsed?.what).toHaveLength(200);
  });

  it('keep pending records always, ended ones a month, at most a hundred', () => {
    const now = 1_800_000_000_000;
    const old = record({
      hash: `0x${'56'.repeat(32)}`,
      end: { kind: 'expired', block: 164, at: now - 31 * 24 * 3600_000 },
    });
    const many = Array.from({ length: 120 }, (_, i) =>
      record({
        hash: `0x${i.toString(16).padStart(64, '0')}`,
        sentAt: now - i,
        end: { kind: 'expired', block: 164, at: now },
      }),
    );
    const pending = record({ sentAt: 0 });
    writeSentRecords([old, ...many, pending], now);
    const { records } = readSentRecords();
    expect(records).toHaveLength(100);
    expect(records[0]).toEqual(pending);
    expect(records.some((r) => r.hash === old.hash)).toBe(false);
  });

  it('belong to their account and chain', () => {
    const other = record({ hash: `0x${'78'.repeat(32)}`, genesisHash: `0x${'cd'.repeat(32)}` });
    const later = record({ hash: `0x${'9a'.repeat(32)}`, sentAt: record().sentAt + 1 });
    expect(
      recordsOf([record(), other, later], GENESIS.toUpperCase().replace('0X', '0x'), ALICE),
    ).toEqual([later, record()]);
    expect(
      recordsOf([record()], GENESIS, '4FTr8kn7SMg3w78WCPSZHXPWLYSSDMU8RCHDXCLoP9ajd4ws'),
    ).toEqual([]);
  });
});
