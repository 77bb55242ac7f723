import { decryptMessage } from '@robonomics-dapp/robonomics/crypto/box';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import {
  buildLaunchCommand,
  type LaunchStatus,
} from '@robonomics-dapp/robonomics/home-assistant/launch';
import {
  HOME_NOT_LISTENING_TEXT,
  HomeNotListeningError,
} from '@robonomics-dapp/robonomics/p2p/home-call';
import {
  BOB_ED25519 as BOB,
  ALICE as OWNER,
} from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { beforeEach, describe, expect, it } from 'vitest';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { type CallChannel, type LaunchContext, sendLaunch } from './send-launch.ts';

// The seeded devnet's Bob (ed25519) and controller; their addresses are those keys' SS58-32.
const bob = pairFromUri('//Bob', 'ed25519');
const controllerPair = pairFromUri(
  'legal winner thank year wave sausage worth useful legal winner thank yellow',
  'ed25519',
);
const CONTROLLER = '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G';
const CHAIN_AWAY = 'The parachain node ws://127.0.0.1:9944 cannot be reached.';

const command = buildLaunchCommand('switch', 'toggle', 'switch.kettle');

// No chain client: the parachain node cannot be reached.
beforeEach(() => {
  useChain.setState({
    client: null,
    state: 'error',
    error: null,
    endpoint: 'ws://127.0.0.1:9944',
  });
});

/** A launch with no chain client at all, and what it told the user. */
function context(overrides: Partial<LaunchContext> = {}) {
  const toasts: { text: string; kind?: string }[] = [];
  const statuses: LaunchStatus[] = [];
  const notListening: string[] = [];
  /** The reasons the statuses carried, as values (the toasts put "Error: " in front). */
  const reasons: string[] = [];
  const ctx: LaunchContext = {
    owner: OWNER,
    controller: CONTROLLER,
    user: bob,
    userAddress: BOB,
    devices: [OWNER, BOB, CONTROLLER],
    ipfsApi: 'http://127.0.0.1:5001',
    channel: null,
    notify: (text, kind) => toasts.push({ text, kind }),
    onStatus: (status, reason) => {
      statuses.push(status);
      if (reason) reasons.push(reason);
    },
    onHomeNotListening: (detail) => notListening.push(detail),
    ...overrides,
  };
  return { ctx, toasts, statuses, notListening, reasons };
}

/** A channel that keeps what it was sent and answers as `answer` says. */
function channel(answer: () => Promise<unknown>) {
  const sent: { sender: string; data: string }[] = [];
  const call: CallChannel = {
    call: (body) => {
      sent.push(body);
      return answer();
    },
  };
  return { call, sent };
}

describe('sendLaunch', () => {
  it('sends a command peer-to-peer with no chain client, boxed for the controller', async () => {
    const peer = channel(async () => ({ result: true }));
    const { ctx, toasts, statuses } = context({ channel: peer.call });
    expect(await sendLaunch(ctx, command)).toBe('success');
    expect(statuses).toEqual(['success']);
    expect(toasts.map((t) => t.text)).toEqual(['Launch command']);
    expect(peer.sent).toHaveLength(1);
    expect(peer.sent[0]!.sender).toBe(BOB);
    const opened = JSON.parse(decryptMessage(peer.sent[0]!.data, controllerPair, BOB));
    expect(opened).toEqual({
      platform: 'switch',
      name: 'toggle',
      params: { entity_id: 'switch.kettle' },
    });
  });

  it('refuses a user who is not in the device list the page holds, without asking the chain', async () => {
    const peer = channel(async () => ({ result: true }));
    const { ctx, toasts, statuses, reasons } = context({
      channel: peer.call,
      devices: [OWNER, CONTROLLER],
    });
    expect(await sendLaunch(ctx, command)).toBe('error');
    expect(statuses).toEqual(['error']);
    expect(toasts.at(-1)).toEqual({
      text: 'Error: You do not have access to device management.',
      kind: 'error',
    });
    expect(reasons).toEqual(['You do not have access to device management.']);
    expect(peer.sent).toEqual([]);
  });

  it('says the chain is away when no device list is known yet', async () => {
    const peer = channel(async () => ({ result: true }));
    const { ctx, toasts } = context({ channel: peer.call, devices: undefined });
    expect(await sendLaunch(ctx, command)).toBe('error');
    expect(toasts.at(-1)!.text).toBe(`Error: Robonomics is not ready. ${CHAIN_AWAY}`);
    expect(peer.sent).toEqual([]);
  });

  it('turns to the parachain when the home does not listen, and says why it cannot either', async () => {
    const peer = channel(async () => {
      throw new HomeNotListeningError('could not negotiate /call');
    });
    const { ctx, toasts, statuses, notListening } = context({ channel: peer.call });
    expect(await sendLaunch(ctx, command)).toBe('error');
    expect(notListening).toEqual(['could not negotiate /call']);
    expect(toasts).toEqual([
      { text: 'Launch command', kind: undefined },
      // A step of the command, not its end: the command's next message replaces it.
      { text: `${HOME_NOT_LISTENING_TEXT} Sending through the parachain.`, kind: undefined },
      { text: `Error: Robonomics is not ready. ${CHAIN_AWAY}`, kind: 'error' },
    ]);
    expect(statuses).toEqual(['error']);
  });

  it('does not send through the parachain a command Home Assistant cannot read from there', async () => {
    const text = buildLaunchCommand('text', 'set_value', 'text.greeting', { value: 'Привет' });
    const { ctx, toasts, statuses } = context();
    expect(await sendLaunch(ctx, text)).toBe('error');
    expect(toasts.at(-1)).toEqual({
      text: 'Error: This command cannot go through the parachain: command.params.value has non-ASCII or control characters, which arrive garbled via the chain. It can be sent peer-to-peer.',
      kind: 'error',
    });
    expect(statuses).toEqual(['error']);
    // Peer-to-peer, the same command goes (JSON carries any text).
    const peer = channel(async () => ({ result: true }));
    expect(await sendLaunch(context({ channel: peer.call }).ctx, text)).toBe('success');
    expect(peer.sent).toHaveLength(1);
  });

  it('reports any other failure of the home as the status of Home Assistant', async () => {
    const peer = channel(async () => {
      throw new Error('The controller refused the command.');
    });
    const { ctx, toasts, notListening } = context({ channel: peer.call });
    expect(await sendLaunch(ctx, command)).toBe('error');
    expect(toasts.at(-1)).toEqual({
      text: 'Error: Check status of the HomeAssistant.',
      kind: 'error',
    });
    expect(notListening).toEqual([]);
  });
});
