import { join } from 'node:path';
import { encodeAddress } from '@polkadot/util-crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../common/test-support.ts';
import { GrantStore } from './grants.ts';
import { NftOracle, type OracleDeps } from './oracle.ts';
import { GrantFailed, GrantRefused, type Inclusion, type PreparedGrant } from './parachain.ts';

/** A parachain account of its own, SS58-32. */
const TARGET = encodeAddress(new Uint8Array(32).fill(7), 32);
const INCLUSION: Inclusion = { blockHash: `0x${'ab'.repeat(32)}`, blockNumber: 12, txIndex: 1 };

/**
 * The oracle against a chain that answers each submission with the next of `answers`: an
 * inclusion, or the error the pool or the block gave. Counts the grants it signed.
 */
function oracleWith(file: string, answers: (Inclusion | Error)[]) {
  const holder = privateKeyToAccount(generatePrivateKey());
  const grants = new GrantStore(file);
  const signed: PreparedGrant[] = [];
  const deps: OracleDeps = {
    grants,
    token: { ownerOf: async () => holder.address, activatedOf: async () => true },
    parachain: {
      hasActiveSubscription: async () => false,
      bestNumber: async () => 10,
      prepareGrant: async () => {
        const n = signed.length;
        const prepared = {
          txHex: `0x0${n}`,
          txHash: `0x${String(n).padStart(64, '0')}`,
          birth: 10,
          death: 74,
        };
        signed.push(prepared);
        return prepared;
      },
      submitGrant: async () => {
        const answer = answers.shift();
        if (!answer) throw new Error('no answer left');
        if (answer instanceof Error) throw answer;
        return answer;
      },
      findGrant: async () => null,
    },
  };
  const claim = async () => {
    const body = { nft: 1, address: holder.address, for: TARGET };
    const signature = await holder.signMessage({ message: JSON.stringify(body) });
    return new NftOracle(deps).verify({ ...body, signature });
  };
  return { grants, signed, claim };
}

describe('the oracle when another transaction of its account took the grant nonce', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('devnet-oracle-nonce-');
  });
  afterEach(() => removeDir(dir));

  it('signs the grant again after 1014 (the same nonce pooled) and 1010 outdated', async () => {
    const { grants, signed, claim } = oracleWith(join(dir, 'grants.json'), [
      new GrantRefused('1014: Priority is too low: (0 vs 0)', 1014),
      new GrantRefused('1010: Invalid Transaction: Transaction is outdated', 1010),
      INCLUSION,
    ]);
    expect(await claim()).toEqual({ result: true });
    expect(signed).toHaveLength(3);
    // One grant, from the third signature; the refused ones left no intent behind.
    expect(grants.all).toEqual([
      expect.objectContaining({ tokenId: '1', addressParachain: TARGET, blockNumber: 12 }),
    ]);
    expect(grants.intents).toEqual([]);
  });

  it('gives up after a few refusals, and says why', async () => {
    const refusal = '1014: Priority is too low: (0 vs 0)';
    const { grants, signed, claim } = oracleWith(
      join(dir, 'grants.json'),
      Array.from({ length: 10 }, () => new GrantRefused(refusal, 1014)),
    );
    expect(await claim()).toEqual({ error: refusal });
    expect(signed).toHaveLength(4);
    expect(grants.all).toEqual([]);
    expect(grants.intents).toEqual([]);
  });

  it('does not sign again for another refusal, nor for a grant that failed in its block', async () => {
    for (const [i, error] of [
      new GrantRefused('1010: Invalid Transaction: Inability to pay some fees', 1010),
      new GrantRefused('1012: Transaction is temporarily banned', 1012),
      new GrantFailed('Only the oracle may call this'),
    ].entries()) {
      const { grants, signed, claim } = oracleWith(join(dir, `grants-${i}.json`), [
        error,
        INCLUSION,
      ]);
      expect(await claim()).toEqual({ error: error.message });
      expect(signed).toHaveLength(1);
      expect(grants.all).toEqual([]);
      expect(grants.intents).toEqual([]);
    }
  });
});
