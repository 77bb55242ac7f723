import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Abi, type AbiParameter, type Address, getAddress, parseAbi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir, testOptions } from '../common/test-support.ts';
import { loadSeasonPassArtifact } from './compile.ts';
import { cidV0Of, SEASON_PASS_NAME } from './metadata.ts';
import { EVM_CHAIN_ID, SEASON_PASS_ADDRESS, seasonPassAbi } from './season-pass-abi.ts';
import { devnetSepolia, type EvmServiceHandle, SEED_TOKENS, startEvmService } from './service.ts';
import { type EvmClients, evmClients, expectRevert, hardhatAccount } from './test-support.ts';

const contract = { address: SEASON_PASS_ADDRESS, abi: seasonPassAbi } as const;

/** What the app calls on the contract and the errors it names (docs/nft-oracle.md). */
const appEntries = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function activatedOf(uint256 tokenId) view returns (bool)',
  'function activate(uint256 tokenId)',
  'error TokenActivated(uint256 tokenId)',
  'error NotTokenOwner(uint256 tokenId)',
  'error EnforcedPause()',
  'error ExpectedPause()',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721NonexistentToken(uint256 tokenId)',
]);
const timings: string[] = [];

/** An ABI entry reduced to what must match: kind, name, types, mutability. */
function shape(item: Abi[number]): string {
  const types = (params: readonly AbiParameter[] | undefined) =>
    (params ?? []).map((p) => p.type).join(',');
  if (item.type === 'function') {
    return `function ${item.name}(${types(item.inputs)}) ${item.stateMutability} returns (${types(item.outputs)})`;
  }
  if (item.type === 'error' || item.type === 'event') {
    return `${item.type} ${item.name}(${types(item.inputs)})`;
  }
  return item.type;
}

describe('evm service', () => {
  const dir = tempDir();
  let evm: EvmServiceHandle;
  let c: EvmClients;
  let accounts: Address[];

  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    c.reader.readContract({
      ...contract,
      functionName: functionName as never,
      args: args as never,
    }) as Promise<T>;
  const write = async (account: Address, functionName: string, args: readonly unknown[] = []) => {
    const hash = await c.wallet.writeContract({
      ...contract,
      functionName: functionName as never,
      args: args as never,
      account,
      chain: devnetSepolia,
    });
    return c.reader.getTransactionReceipt({ hash });
  };
  const simulate = (account: Address, functionName: string, args: readonly unknown[] = []) =>
    c.reader.simulateContract({
      ...contract,
      functionName: functionName as never,
      args: args as never,
      account,
    });

  beforeAll(async () => {
    evm = await startEvmService(testOptions(dir), new Map());
    timings.push(
      `cold start ${evm.startup.ms.toFixed(0)} ms (compile ${evm.startup.compileMs.toFixed(0)} ms)`,
    );
    c = evmClients(evm.url);
    accounts = evm.accounts;
  });
  afterAll(async () => {
    await evm?.stop();
    removeDir(dir);
    console.log(`evm service start: ${timings.join('; ')}`);
  });

  it('serves chain id 11155111 on 127.0.0.1 with the contract at the app address', async () => {
    expect(evm.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(evm.startup.compiled).toBe(true);
    expect(await c.reader.getChainId()).toBe(EVM_CHAIN_ID);
    expect(evm.seasonPass).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    const code = await c.reader.getCode({ address: SEASON_PASS_ADDRESS });
    expect(code?.length).toBeGreaterThan(1000);
    // Deployed by account #0 as its first transaction, and owned by it.
    const first = await c.reader.getBlock({ blockNumber: 1n, includeTransactions: true });
    expect(first.transactions[0]?.from).toBe(accounts[0]!.toLowerCase());
    expect(first.transactions[0]?.nonce).toBe(0);
    expect(await read<Address>('owner')).toBe(accounts[0]);
    // Hardhat's 20 dev accounts of "test test … junk", as any wallet derives them.
    expect(accounts).toEqual(Array.from({ length: 20 }, (_, i) => hardhatAccount(i).address));
  });

  it('compiles an ABI with every entry the app uses, with the same types', async () => {
    const { artifact, compiled } = await loadSeasonPassArtifact(join(dir, 'evm', 'cache'));
    expect(compiled).toBe(false);
    const compiledShapes = new Set(artifact.abi.map(shape));
    for (const item of [...appEntries, ...seasonPassAbi]) {
      expect(compiledShapes, shape(item)).toContain(shape(item));
    }
  });

  it('holds the seed tokens: balances, enumeration, tokenURI and activation', async () => {
    const expected = new Map<Address, number[]>();
    SEED_TOKENS.forEach((seed, i) => {
      const holder = accounts[seed.holder]!;
      expected.set(holder, [...(expected.get(holder) ?? []), i + 1]);
    });
    for (const [holder, ids] of expected) {
      expect(await read<bigint>('balanceOf', [holder])).toBe(BigInt(ids.length));
      const listed = await Promise.all(
        ids.map((_, index) => read<bigint>('tokenOfOwnerByIndex', [holder, BigInt(index)])),
      );
      expect(listed.map(Number)).toEqual(ids);
    }
    expect(await read<bigint>('balanceOf', [accounts[5]!])).toBe(0n);
    for (const [index, seed] of SEED_TOKENS.entries()) {
      const id = BigInt(index + 1);
      expect(await read<boolean>('activatedOf', [id])).toBe(seed.activated);
      expect(await read<string>('tokenURI', [id])).toBe(`ipfs://${evm.metadataCid}`);
    }
    expect(SEED_TOKENS.some((s) => s.activated) && SEED_TOKENS.some((s) => !s.activated)).toBe(
      true,
    );
  });

  it('keeps the metadata JSON {name, image} under its CIDv0', async () => {
    // The importer settings give kubo's CID for a known file.
    expect(await cidV0Of(new TextEncoder().encode('hello world\n'))).toBe(
      'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o',
    );
    const bytes = readFileSync(join(dir, 'evm', 'metadata', evm.metadataCid));
    expect(await cidV0Of(bytes)).toBe(evm.metadataCid);
    const metadata = JSON.parse(bytes.toString('utf8')) as Record<string, string>;
    expect(Object.keys(metadata)).toEqual(['name', 'image']);
    expect(metadata.name).toBe(SEASON_PASS_NAME);
    const imageCid = metadata.image!.replace(/^ipfs:\/\//, '');
    const image = readFileSync(join(dir, 'evm', 'metadata', imageCid));
    expect(await cidV0Of(image)).toBe(imageCid);
    expect(image.toString('utf8')).toMatch(/^<svg /);
  });

  it('lets the holder activate once; a second activation reverts with TokenActivated', async () => {
    const holder = accounts[1]!;
    expect(await read<boolean>('activatedOf', [3n])).toBe(false);
    const receipt = await write(holder, 'activate', [3n]);
    expect(receipt.status).toBe('success');
    expect(await read<boolean>('activatedOf', [3n])).toBe(true);
    expect(await expectRevert(() => simulate(holder, 'activate', [3n]))).toEqual({
      name: 'TokenActivated',
      args: [3n],
    });
    // Sent anyway (no simulation): the node refuses it with the same error.
    expect((await expectRevert(() => write(holder, 'activate', [3n]))).name).toBe('TokenActivated');
  });

  it('refuses activation by someone other than the holder', async () => {
    // Token 5 belongs to #3; #2 and the contract owner #0 may not activate it.
    for (const other of [accounts[2]!, accounts[0]!]) {
      expect(await expectRevert(() => simulate(other, 'activate', [5n]))).toEqual({
        name: 'NotTokenOwner',
        args: [5n],
      });
    }
    expect((await expectRevert(() => simulate(accounts[3]!, 'activate', [99n]))).name).toBe(
      'ERC721NonexistentToken',
    );
    expect(await read<boolean>('activatedOf', [5n])).toBe(false);
  });

  it('reverts with EnforcedPause while the owner has paused activation', async () => {
    expect((await expectRevert(() => simulate(accounts[1]!, 'pause'))).name).toBe(
      'OwnableUnauthorizedAccount',
    );
    await write(accounts[0]!, 'pause');
    expect(await read<boolean>('paused')).toBe(true);
    expect(await expectRevert(() => simulate(accounts[3]!, 'activate', [5n]))).toEqual({
      name: 'EnforcedPause',
      args: undefined,
    });
    await write(accounts[0]!, 'unpause');
    expect((await simulate(accounts[3]!, 'activate', [5n])).request.functionName).toBe('activate');
  });

  it('serves the app and tools, and no page of another origin can spend a dev account', async () => {
    const rpc = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(evm.url, { method: 'POST', headers, body: JSON.stringify(body) });
    const spend = {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendTransaction',
      params: [{ from: accounts[0], to: accounts[5], value: '0xde0b6b3a7640000' }],
    };
    const before = await c.reader.getBalance({ address: accounts[5]! });
    // A page elsewhere: a "simple" text/plain POST needs no preflight, so the server must refuse
    // it, not just withhold CORS headers.
    const foreign = await rpc(spend, {
      origin: 'http://evil.example',
      'content-type': 'text/plain',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(await c.reader.getBalance({ address: accounts[5]! })).toBe(before);
    const preflight = await fetch(evm.url, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    // The app's origin gets CORS; a tool without an Origin header is served as before.
    const app = await rpc(
      { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
      { origin: 'http://127.0.0.1:5173', 'content-type': 'application/json' },
    );
    expect(app.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(await app.json()).toMatchObject({ result: `0x${EVM_CHAIN_ID.toString(16)}` });
    // Bodies are bounded: a declared length over the limit is refused before it is read.
    const huge = await fetch(evm.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `"${'x'.repeat(9 * 1024 * 1024)}"`,
    }).catch(() => null);
    expect(huge === null || huge.status === 413).toBe(true);
    expect(await c.reader.getChainId()).toBe(EVM_CHAIN_ID);
  });

  it('refuses hardhat_reset, which would drop the deployment', async () => {
    await expect(
      c.reader.request({ method: 'hardhat_reset' as never, params: [] as never }),
    ).rejects.toThrow(/hardhat_reset is disabled/);
    expect(await c.reader.getCode({ address: SEASON_PASS_ADDRESS })).toBeTruthy();
  });

  it('records every change in evm/state.json and replays it after a restart', async () => {
    // A transfer to an account Hardhat does not know, which then activates with a transaction
    // it signs itself (eth_sendRawTransaction, as a wallet sends it).
    const stranger = hardhatAccount(42);
    expect(accounts).not.toContain(stranger.address);
    await c.wallet.sendTransaction({
      account: accounts[0]!,
      to: stranger.address,
      value: parseEther('2'),
      chain: devnetSepolia,
    });
    await write(accounts[3]!, 'transferFrom', [accounts[3]!, stranger.address, 5n]);
    const hash = await c.wallet.writeContract({
      ...contract,
      functionName: 'activate',
      args: [5n],
      account: stranger,
      chain: devnetSepolia,
    });
    expect((await c.reader.getTransactionReceipt({ hash })).status).toBe('success');
    await write(accounts[0]!, 'pause');

    const state = JSON.parse(readFileSync(join(dir, 'evm', 'state.json'), 'utf8')) as {
      paused: boolean;
      tokens: { id: number; owner: string; activated: boolean }[];
    };
    expect(state.paused).toBe(true);
    expect(state.tokens.find((t) => t.id === 5)).toMatchObject({
      owner: stranger.address,
      activated: true,
    });
    expect(state.tokens.find((t) => t.id === 3)?.activated).toBe(true);

    const nonces = await Promise.all(
      [accounts[0]!, accounts[1]!, stranger.address].map((address) =>
        c.reader.getTransactionCount({ address }),
      ),
    );
    const strangerBalance = await c.reader.getBalance({ address: stranger.address });
    await evm.stop();

    evm = await startEvmService(testOptions(dir), new Map());
    timings.push(
      `restart with cached artifact ${evm.startup.ms.toFixed(0)} ms (compile cache ${evm.startup.compileMs.toFixed(0)} ms)`,
    );
    expect(evm.startup.compiled).toBe(false);
    c = evmClients(evm.url);
    expect(evm.seasonPass).toBe(SEASON_PASS_ADDRESS);
    expect(await read<boolean>('activatedOf', [3n])).toBe(true);
    expect(await read<boolean>('activatedOf', [5n])).toBe(true);
    expect(await read<boolean>('activatedOf', [2n])).toBe(false);
    expect(getAddress(await read<Address>('ownerOf', [5n]))).toBe(stranger.address);
    expect(await read<bigint>('balanceOf', [accounts[3]!])).toBe(1n);
    expect(await read<boolean>('paused')).toBe(true);
    expect(
      await Promise.all(
        [accounts[0]!, accounts[1]!, stranger.address].map((address) =>
          c.reader.getTransactionCount({ address }),
        ),
      ),
    ).toEqual(nonces);
    expect(await c.reader.getBalance({ address: stranger.address })).toBe(strangerBalance);
    // Activation still refuses twice after the replay.
    await write(accounts[0]!, 'unpause');
    expect(await expectRevert(() => simulate(accounts[1]!, 'activate', [3n]))).toEqual({
      name: 'TokenActivated',
      args: [3n],
    });
  });

  it('starts from the seed again with reset', async () => {
    await evm.stop();
    evm = await startEvmService(testOptions(dir, { reset: true }), new Map());
    timings.push(`reset start ${evm.startup.ms.toFixed(0)} ms`);
    c = evmClients(evm.url);
    expect(await read<boolean>('activatedOf', [3n])).toBe(false);
    expect(getAddress(await read<Address>('ownerOf', [5n]))).toBe(accounts[3]);
    expect(await read<boolean>('paused')).toBe(false);
  });
});
