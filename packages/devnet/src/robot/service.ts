import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ApiPromise, WsProvider } from '@polkadot/api';
import { ROBOT_ADDRESS, robotCommandOf } from '@robonomics-dapp/robonomics/robot/commands';
import type { DevnetOptions, RunningServices, ServiceHandle } from '../common/options.ts';

export interface RobotCommandLog {
  block: number;
  sender: string;
  param: string;
  command: string;
}

/**
 * The humanoid robot of the payment demo: it follows the chain's launch.NewLaunch events aimed
 * at its address and logs each command (stdout and <dataDir>/robot/commands.log, JSON lines).
 */
export async function startRobotService(
  options: DevnetOptions,
  running: RunningServices,
  onCommand: (entry: RobotCommandLog) => void = () => {},
): Promise<ServiceHandle> {
  const dir = join(options.dataDir, 'robot');
  mkdirSync(dir, { recursive: true });
  const url = running.get('chain')?.url ?? `ws://${options.host}:${options.ports.chain}`;
  const provider = new WsProvider(url, 2_000);
  const api = await ApiPromise.create({ provider, noInitWarn: true });
  const unsubscribe = await api.query.system.events(async (records) => {
    const header = await api.rpc.chain.getHeader().catch(() => null);
    for (const { event } of records as unknown as {
      event: { section: string; method: string; data: { toString(): string }[] };
    }[]) {
      if (event.section !== 'launch' || event.method !== 'NewLaunch') continue;
      const [sender, robot, param] = event.data.map((d) => d.toString());
      if (robot !== ROBOT_ADDRESS) continue;
      const entry: RobotCommandLog = {
        block: header?.number.toNumber() ?? 0,
        sender: sender!,
        param: param!,
        command: robotCommandOf(param!)?.label ?? 'unknown command',
      };
      console.log(`robot: ${entry.command} from ${entry.sender} (block ${entry.block})`);
      appendFileSync(join(dir, 'commands.log'), `${JSON.stringify(entry)}\n`);
      onCommand(entry);
    }
  });
  return {
    name: 'robot',
    url: ROBOT_ADDRESS,
    stop: async () => {
      (unsubscribe as unknown as () => void)();
      await api.disconnect();
    },
  };
}
