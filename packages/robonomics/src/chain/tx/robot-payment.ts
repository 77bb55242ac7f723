import {
  ROBOT_ADDRESS,
  ROBOT_PRICE,
  type RobotCommandId,
  robotCommandParam,
} from '../../robot/commands.ts';
import type { RobonomicsClient } from '../model/client-type.ts';
import { launchTx } from './launch.ts';
import { transferTx } from './transfer.ts';

/**
 * One all-or-nothing batch: pay the robot 0.5 XRT and launch it with the chosen command
 * (docs/product-rules.md, Robot payment).
 */
export function robotPaymentTx(client: RobonomicsClient, command: RobotCommandId) {
  return client.tx.utility.batchAll([
    transferTx(client, ROBOT_ADDRESS, ROBOT_PRICE).call,
    launchTx(client, ROBOT_ADDRESS, robotCommandParam(command)).call,
  ]);
}
