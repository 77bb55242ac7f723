import type { KeyringPair } from '@polkadot/keyring/types';
import { blake2AsHex, cryptoWaitReady } from '@polkadot/util-crypto';
import { WebSocket } from 'ws';
import { robonomicsDescription } from '../../src/chain/pallets/robonomics.ts';
import { Runtime } from '../../src/chain/runtime/runtime.ts';
import { devPair, recordCall, signedHex } from '../../src/chain/test-support.ts';
import { removeDir } from '../../src/common/test-support.ts';
import { seededRandom } from '../abuse/loop-delay.ts';
import { RawRpc } from '../abuse/raw-rpc.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

// kill -9 under a stream of transactions, then a restart: every transaction the node reported
// inBlock must be in that block afterwards. Shared by the test (a few kills) and the bench
// (twenty).

export interface CrashRunResult {
  kills: number;
  /** Transactions reported inBlock before the kills. */
  reported: number;
  /** Of those, missing from their block after the restart. */
  lost: number;
  /** Blocks after the last restart, every one retrievable by number. */
  blocks: number;
}

const SENDERS = ['Alice', 'Bob', 'Charlie', 'Dave', 'Eve', 'Ferdie'];

/**
 * Streams signed datalog records at about `perSecond` transactions a second over
 * author_submitAndWatchExtrinsic and kills the node with SIGKILL once `killAfter` of them were
 * reported inBlock; returns what was reported.
 */
async function streamUntilKill(
  devnet: DevnetProcess,
  runtime: Runtime,
  genesisHash: string,
  senders: KeyringPair[],
  perSecond: number,
  killAfter: number,
): Promise<Map<string, string>> {
  const setup = await RawRpc.open(devnet.url);
  const nonces = new Map<string, number>();
  for (const sender of senders) {
    nonces.set(
      sender.address,
      (await setup.call('system_accountNextIndex', [sender.address])).result as number,
    );
  }
  setup.close();
  const reported = new Map<string, string>();
  const socket = new WebSocket(devnet.url);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => {});
  const txOfRequest = new Map<number, string>();
  const txOfSubscription = new Map<string, string>();
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as {
      id?: number;
      result?: unknown;
      params?: { subscription: string; result: unknown };
    };
    if (frame.id !== undefined && typeof frame.result === 'string') {
      txOfSubscription.set(frame.result, txOfRequest.get(frame.id)!);
    } else if (frame.params) {
      const status = frame.params.result as { inBlock?: string };
      const tx = txOfSubscription.get(frame.params.subscription);
      if (tx && typeof status === 'object' && status?.inBlock) reported.set(tx, status.inBlock);
    }
  });
  let id = 0;
  let turn = 0;
  const killed = new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (reported.size >= killAfter) {
        clearInterval(timer);
        // No more sends; the node dies mid-stream with transactions still in flight.
        void devnet.kill().then(resolve);
        return;
      }
      const sender = senders[turn++ % senders.length]!;
      const nonce = nonces.get(sender.address)!;
      nonces.set(sender.address, nonce + 1);
      const hex = signedHex(runtime, { genesisHash }, sender, recordCall(runtime, `t${id}`), nonce);
      id += 1;
      txOfRequest.set(id, blake2AsHex(Buffer.from(hex.slice(2), 'hex')));
      if (socket.readyState === WebSocket.OPEN) {
        socket.send(
          JSON.stringify({
            jsonrpc: '2.0',
            id,
            method: 'author_submitAndWatchExtrinsic',
            params: [hex],
          }),
        );
      }
    }, 1000 / perSecond);
  });
  await killed;
  socket.terminate();
  return reported;
}

/** Checks, on a running node, that each reported transaction is in its block. */
async function countLost(url: string, reported: Map<string, string>): Promise<number> {
  const rpc = await RawRpc.open(url);
  let lost = 0;
  const blocks = new Map<string, Set<string> | null>();
  for (const [tx, blockHash] of reported) {
    if (!blocks.has(blockHash)) {
      const reply = await rpc.call('chain_getBlock', [blockHash]);
      const block = reply.result as { block: { extrinsics: string[] } } | null;
      blocks.set(
        blockHash,
        block
          ? new Set(block.block.extrinsics.map((e) => blake2AsHex(Buffer.from(e.slice(2), 'hex'))))
          : null,
      );
    }
    if (!blocks.get(blockHash)?.has(tx)) lost += 1;
  }
  rpc.close();
  return lost;
}

/** Every block from genesis to the best can be fetched by number (archive). */
async function countRetrievable(url: string): Promise<number> {
  const rpc = await RawRpc.open(url);
  const head = (await rpc.call('chain_getHeader')).result as { number: string };
  const best = Number.parseInt(head.number, 16);
  for (let n = 0; n <= best; n++) {
    const hash = (await rpc.call('chain_getBlockHash', [n])).result;
    if (typeof hash !== 'string') throw new Error(`block #${n} of #${best} is gone`);
  }
  rpc.close();
  return best + 1;
}

export async function crashRun({
  kills,
  perSecond = 50,
  seed = 1,
}: {
  kills: number;
  perSecond?: number;
  seed?: number;
}): Promise<CrashRunResult> {
  await cryptoWaitReady();
  const runtime = new Runtime(robonomicsDescription({}));
  const senders = SENDERS.map(devPair);
  const random = seededRandom(seed);
  let devnet = await startDevnet(['--instant', '--reset']);
  const dataDir = devnet.dataDir;
  const result: CrashRunResult = { kills: 0, reported: 0, lost: 0, blocks: 0 };
  try {
    const probe = await RawRpc.open(devnet.url);
    const genesisHash = (await probe.call('chain_getBlockHash', [0])).result as string;
    probe.close();
    for (let round = 0; round < kills; round++) {
      const killAfter = 10 + Math.floor(random() * 50);
      const reported = await streamUntilKill(
        devnet,
        runtime,
        genesisHash,
        senders,
        perSecond,
        killAfter,
      );
      result.kills += 1;
      devnet = await startDevnet(['--instant'], dataDir);
      result.reported += reported.size;
      result.lost += await countLost(devnet.url, reported);
    }
    result.blocks = await countRetrievable(devnet.url);
    await devnet.stop();
  } finally {
    if (devnet.child.exitCode === null) await devnet.kill();
    removeDir(dataDir);
  }
  return result;
}
