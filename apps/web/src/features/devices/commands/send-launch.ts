import { TxCancelledError } from '@robonomics-dapp/robonomics/chain/model/errors';
import { includesAddress } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { launchTx } from '@robonomics-dapp/robonomics/chain/tx/launch';
import { encryptMessage } from '@robonomics-dapp/robonomics/crypto/box';
import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { web3AuthFromPair, web3AuthHeaders } from '@robonomics-dapp/robonomics/crypto/web3-auth';
import type {
  LaunchCommand,
  LaunchStatus,
} from '@robonomics-dapp/robonomics/home-assistant/launch';
import {
  chainLaunchProblem,
  serializeLaunchCommand,
} from '@robonomics-dapp/robonomics/home-assistant/launch';
import { cidToH256 } from '@robonomics-dapp/robonomics/ipfs/cid';
import { addToIpfs } from '@robonomics-dapp/robonomics/ipfs/kubo-add';
import { HomeNotListeningError } from '@robonomics-dapp/robonomics/p2p/home-call';
import {
  ChainNotReadyError,
  notReadyReason,
  sendAction,
} from '../../../lib/actions/send-action.ts';

/** A launch's words when the chain cannot be used (docs/product-rules.md); the reason follows. */
export const LAUNCH_NOT_READY = 'Robonomics is not ready.';

/** A peer-to-peer channel to the controller: one /call request and its reply. */
export interface CallChannel {
  call(body: { sender: string; data: string }): Promise<unknown>;
}

export interface LaunchContext {
  owner: string;
  controller: string;
  user: KeyPair;
  userAddress: string;
  /**
   * The subscription's devices as the page holds them (followed live, or the last known list
   * while the chain is away); undefined until one is known. Never read again per command.
   */
  devices: readonly string[] | undefined;
  /** kubo RPC API with web3 auth, for the chain path. */
  ipfsApi: string;
  /** Set while a peer-to-peer connection is up; otherwise the parachain path is used. */
  channel: CallChannel | null;
  notify(text: string, kind?: 'info' | 'success' | 'error'): void;
  /** Each status of the command; a failure comes with its reason, in words (no "Error: "). */
  onStatus(status: LaunchStatus, reason?: string): void;
  /** The home stopped listening peer-to-peer: later commands should go through the parachain. */
  onHomeNotListening?(detail: string): void;
}

/**
 * Sends one pending launch command (docs/product-rules.md, docs/libp2p.md): the user must be a
 * device of the subscription (the page's device list); the command is boxed from the user to the
 * controller and goes over /call when peer-to-peer is up, which needs no chain at all; else, or
 * when the home does not listen peer-to-peer, to IPFS and launch.launch(controller, H256(cid))
 * through the owner's subscription. Resolves with the final status.
 */
export async function sendLaunch(
  ctx: LaunchContext,
  command: LaunchCommand,
): Promise<LaunchStatus> {
  const finish = (status: LaunchStatus, reason?: string) => {
    ctx.onStatus(status, reason);
    return status;
  };
  /** A failure: the toast says "Error: " and the reason, the status carries the reason. */
  const fail = (reason: string) => {
    ctx.notify(`Error: ${reason}`, 'error');
    return finish('error', reason);
  };
  const notReady = (reason: string) => fail(`${LAUNCH_NOT_READY} ${reason}`);
  ctx.notify('Launch command');
  if (!ctx.devices) {
    // No device list yet: the chain has not answered, and nothing is kept from a visit before.
    const reason = notReadyReason();
    if (reason) return notReady(reason);
    return fail("The subscription's devices are still loading; try again in a moment.");
  }
  if (!includesAddress(ctx.devices, ctx.userAddress)) {
    return fail('You do not have access to device management.');
  }
  let data: string;
  try {
    data = encryptMessage(serializeLaunchCommand(command), ctx.user, ctx.controller);
  } catch (error) {
    return fail((error as Error).message);
  }

  if (ctx.channel) {
    try {
      await ctx.channel.call({ sender: ctx.userAddress, data });
      return finish('success');
    } catch (error) {
      if (!(error instanceof HomeNotListeningError)) {
        return fail('Check status of the HomeAssistant.');
      }
      // The command did not reach the home: it goes through the parachain instead (a step of
      // this command, not its end: the next message replaces it).
      ctx.onHomeNotListening?.(error.detail);
      ctx.notify(`${error.message} Sending through the parachain.`);
    }
  }

  // Home Assistant reads a launch from the chain with Python's literal_eval: a command it would
  // refuse or garble is not sent (peer-to-peer carries it as JSON).
  const problem = chainLaunchProblem(command);
  if (problem) {
    return fail(
      `This command cannot go through the parachain: ${problem} It can be sent peer-to-peer.`,
    );
  }
  const reason = notReadyReason();
  if (reason) return notReady(reason);
  ctx.notify('Authorization on ipfs node');
  const headers = web3AuthHeaders(web3AuthFromPair(ctx.user), ctx.owner);
  ctx.onStatus('approved');
  let cid: string;
  try {
    cid = await addToIpfs(ctx.ipfsApi, data, headers);
  } catch (error) {
    return fail((error as Error).message);
  }
  ctx.notify('Send launch');
  try {
    await sendAction({
      call: (client) => launchTx(client, ctx.controller, cidToH256(cid) as `0x${string}`),
      signer: toKeyringPair(ctx.user),
      payer: ctx.owner,
      payerDevices: ctx.devices,
      purpose: 'launch',
      what: 'command to the home',
    });
  } catch (error) {
    if (error instanceof TxCancelledError) {
      // 'Calcel' (sic): the original app's toast, spelling kept on purpose.
      ctx.notify('Calcel');
      return finish('declined');
    }
    if (error instanceof ChainNotReadyError) return notReady(error.reason);
    return fail((error as Error).message);
  }
  // 'Launch sended' (sic): the original app's toast, spelling kept on purpose.
  ctx.notify('Launch sended', 'success');
  return finish('success');
}
