import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import {
  ROBOT_ADDRESS,
  ROBOT_PRICE,
  robotCommandParam,
} from '@robonomics-dapp/robonomics/robot/commands';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServiceHandle } from '../common/options.ts';
import { removeDir, tempDir } from '../common/test-support.ts';
import { type Network, send, startNetwork } from '../controller/test-support.ts';
import { type RobotCommandLog, startRobotService } from './service.ts';

let dir: string;
let net: Network;
let robot: ServiceHandle;
const seen: RobotCommandLog[] = [];

beforeAll(async () => {
  await cryptoWaitReady();
  dir = tempDir();
  net = await startNetwork(dir);
  robot = await startRobotService(net.options, net.running, (entry) => seen.push(entry));
});

afterAll(async () => {
  await robot?.stop();
  await net?.stop();
  removeDir(dir);
});

it('logs the paid commands aimed at the robot, and nothing else', async () => {
  const payer = new Keyring({ ss58Format: 32 }).addFromUri('//Alice', {}, 'sr25519');
  const { api } = net;
  // The launch aimed elsewhere goes first: once the robot has logged the later one, it has
  // read the earlier block's events too (they arrive in block order).
  await send(api, api.tx.launch.launch(payer.address, robotCommandParam('shake')), payer);
  await send(
    api,
    api.tx.utility.batchAll([
      api.tx.balances.transferKeepAlive(ROBOT_ADDRESS, ROBOT_PRICE),
      api.tx.launch.launch(ROBOT_ADDRESS, robotCommandParam('wave-turn')),
    ]),
    payer,
  );
  await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({ sender: payer.address, command: 'Wave Hand with Turn' });
  const lines = readFileSync(join(dir, 'robot', 'commands.log'), 'utf8')
    .trim()
    .split('\n');
  expect(JSON.parse(lines[0]!)).toMatchObject({ command: 'Wave Hand with Turn' });
});
