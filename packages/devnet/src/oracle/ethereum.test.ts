import { ALICE } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { compactSignatureToHex, parseSignature, signatureToCompactSignature } from 'viem';
import { describe, expect, it } from 'vitest';
import { hardhatAccount } from '../evm/test-support.ts';
import { parseEthereumAddress, signedBy } from './ethereum.ts';
import { parseParachainAddress, parseTokenId } from './oracle.ts';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('oracle input parsing', () => {
  it('reads addresses as ethers.getAddress does', () => {
    expect(parseEthereumAddress(ADDRESS)).toBe(ADDRESS);
    expect(parseEthereumAddress(ADDRESS.toLowerCase())).toBe(ADDRESS);
    expect(parseEthereumAddress(`0x${ADDRESS.slice(2).toUpperCase()}`)).toBe(ADDRESS);
    expect(parseEthereumAddress(ADDRESS.slice(2))).toBe(ADDRESS);
    // Mixed case with a wrong checksum, wrong lengths, other types.
    expect(parseEthereumAddress(ADDRESS.replace('f39F', 'F39F'))).toBeNull();
    expect(parseEthereumAddress(`${ADDRESS}0`)).toBeNull();
    expect(parseEthereumAddress(ADDRESS.slice(0, 41))).toBeNull();
    expect(parseEthereumAddress(`0X${ADDRESS.slice(2)}`)).toBeNull();
    expect(parseEthereumAddress(42)).toBeNull();
    expect(parseEthereumAddress(undefined)).toBeNull();
  });

  it('reads token ids as JSON integers or decimal strings within uint256', () => {
    expect(parseTokenId(0)).toBe(0n);
    expect(parseTokenId(7)).toBe(7n);
    expect(parseTokenId('7')).toBe(7n);
    expect(parseTokenId(`${(1n << 256n) - 1n}`)).toBe((1n << 256n) - 1n);
    for (const bad of [
      -1,
      1.5,
      Number.NaN,
      2 ** 60,
      '01',
      '-1',
      '1e3',
      `${1n << 256n}`,
      null,
      {},
    ]) {
      expect(parseTokenId(bad), String(bad)).toBeNull();
    }
  });

  it('reads parachain addresses in any SS58 format as the SS58-32 form', () => {
    const alice32 = ALICE;
    const alice42 = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
    expect(parseParachainAddress(alice32)).toBe(alice32);
    expect(parseParachainAddress(alice42)).toBe(alice32);
    expect(parseParachainAddress(`${alice42}x`)).toBeNull();
    expect(parseParachainAddress('')).toBeNull();
    expect(parseParachainAddress(ADDRESS)).toBeNull();
    expect(parseParachainAddress(7)).toBeNull();
  });
});

describe('oracle signature check (EIP-191 personal_sign)', () => {
  const account = hardhatAccount(0);
  const message = JSON.stringify({ nft: 1, address: ADDRESS, for: 'someone' });

  it('accepts the signer with v = 27/28, v = 0/1 and the compact (EIP-2098) form', async () => {
    expect(account.address).toBe(ADDRESS);
    const signature = await account.signMessage({ message });
    expect(await signedBy(message, signature, ADDRESS)).toBe(true);
    const { yParity } = parseSignature(signature);
    const lowV = `${signature.slice(0, 130)}0${yParity}`;
    expect(await signedBy(message, lowV, ADDRESS)).toBe(true);
    const compact = compactSignatureToHex(signatureToCompactSignature(parseSignature(signature)));
    expect(await signedBy(message, compact, ADDRESS)).toBe(true);
  });

  it('refuses another signer, another message and malformed signatures', async () => {
    const signature = await account.signMessage({ message });
    const other = await hardhatAccount(1).signMessage({ message });
    expect(await signedBy(message, other, ADDRESS)).toBe(false);
    expect(await signedBy(`${message} `, signature, ADDRESS)).toBe(false);
    for (const bad of ['0x', '0x1234', `${signature}00`, signature.slice(2), 42, null, {}]) {
      expect(await signedBy(message, bad, ADDRESS), String(bad)).toBe(false);
    }
  });
});
