import type { RobonomicsClient } from '../model/client-type.ts';

/** launch.launch(robot, param): a launch of `robot` with a 32-byte parameter. */
export function launchTx(client: RobonomicsClient, robot: string, param: `0x${string}`) {
  return client.tx.launch.launch(robot, param);
}
