import { describe, expect, it } from 'vitest';
import {
  ipfsToGateway,
  seasonPassTexts,
  tokensStatus,
  walletStatus,
} from './season-pass-status.ts';

const ok = { hasProvider: true, permissionDenied: false, accounts: ['0xabc'], chainId: 11155111 };

describe('walletStatus', () => {
  it('checks wallet, permission, account, then network', () => {
    expect(walletStatus({ ...ok, hasProvider: false, permissionDenied: true }, 11155111)).toBe(
      'NO_ETH_EXTENSION',
    );
    expect(walletStatus({ ...ok, permissionDenied: true, accounts: [] }, 11155111)).toBe(
      'NO_WALLET_PERMISSION',
    );
    expect(walletStatus({ ...ok, accounts: [], chainId: 1 }, 11155111)).toBe('NO_ETH_ACCOUNT');
    expect(walletStatus({ ...ok, chainId: 1 }, 11155111)).toBe('WRONG_ETH_NETWORK');
    expect(walletStatus(ok, 11155111)).toBeNull();
  });

  it('shows the texts of docs/product-rules.md, typos included', () => {
    expect(seasonPassTexts.NFT_NOT_FOUND).toBe('No Season Pass NFT accosiated with this account');
    expect(seasonPassTexts.WRONG_ETH_NETWORK).toBe('Please, switch to Sepolia');
  });
});

describe('tokensStatus', () => {
  it('tells none, found and all failed apart', () => {
    expect(tokensStatus(0n, 0)).toBe('NFT_NOT_FOUND');
    expect(tokensStatus(2n, 1)).toBe('TOKENS_FOUND');
    expect(tokensStatus(2n, 0)).toBe('TOKENS_NOT_FOUND');
  });
});

describe('ipfsToGateway', () => {
  const cid = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
  it('maps ipfs:// and bare CIDs to the gateway', () => {
    expect(ipfsToGateway(`ipfs://${cid}`, 'http://127.0.0.1:8080/')).toBe(
      `http://127.0.0.1:8080/ipfs/${cid}`,
    );
    expect(ipfsToGateway(`ipfs://ipfs/${cid}/a.png`, 'https://ipfs.io')).toBe(
      `https://ipfs.io/ipfs/${cid}/a.png`,
    );
    expect(ipfsToGateway(cid, 'https://ipfs.io')).toBe(`https://ipfs.io/ipfs/${cid}`);
  });
  it('refuses other schemes', () => {
    expect(ipfsToGateway('javascript:alert(1)', 'https://ipfs.io')).toBeNull();
    expect(ipfsToGateway('https://example.org/a.png', 'https://ipfs.io')).toBe(
      'https://example.org/a.png',
    );
  });
});
