import { randomInt } from 'node:crypto';
import {
  canEncryptTo,
  DecryptError,
  decryptMessage,
  decryptMessageBytes,
} from '@robonomics-dapp/robonomics/crypto/box';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import {
  HA_REGISTRATION_PARAM,
  type LaunchCommand,
  parseLaunchCommand,
} from '@robonomics-dapp/robonomics/home-assistant/launch';
import { isPlainObject } from '@robonomics-dapp/robonomics/home-assistant/python-payload';
import { h256ToCid } from '@robonomics-dapp/robonomics/ipfs/cid';
import { normalizeAddress, type SubscriptionView } from '../chain/subscription.ts';
import { nowMicros } from '../ha-api/ha-format.ts';
import type { IpfsClient } from '../publishing/ipfs-client.ts';
import type { HomeStore } from './home.ts';
import { LiteralEvalError, literalEval, literalEvalBytesRepr } from './literal-eval.ts';

/** What became of one command, from the chain or from libp2p. */
export interface LaunchOutcome {
  source: 'chain' | 'libp2p';
  sender: string;
  ok: boolean;
  /** "registration", "password" or the service call ("switch.toggle"). */
  action?: string;
  error?: string;
}

/** What the command jobs share: the controller's key, home and subscription, and its reports. */
export interface CommandContext {
  /** The controller account (SS58-32). */
  address: string;
  key: KeyPair;
  home: HomeStore;
  subscription: SubscriptionView;
  ipfs: IpfsClient;
  /** Reports what became of a command (the service's 'launch' event). */
  report: (outcome: LaunchOutcome) => void;
  log: (message: string) => void;
  /** Reads the subscription's device list again. */
  refreshDevices: () => Promise<void>;
  /** Asks for config and states to be published (HA publishes after a command). */
  requestPublish: () => void;
  /** Sets a device's Home Assistant password, creating its user. */
  registerUser: (sender: string, password: string) => Promise<void>;
}

const PASSWORD_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const utf8 = new TextDecoder('utf-8', { fatal: false });

function randomPassword(): string {
  return Array.from({ length: 10 }, () => PASSWORD_CHARS[randomInt(PASSWORD_CHARS.length)]).join(
    '',
  );
}

const describe = (command: LaunchCommand): string =>
  `${command.platform}.${command.name} ${command.params.entity_id}`;

/**
 * The job of the proxy's `/call` (docs/home-assistant.md, Commands): HA's `_run_command` on the
 * `data` of what the proxy forwarded, whose caller already has its ack. A string is read as JSON
 * first, as HA does. The devnet refuses senders that are not devices of the subscription.
 */
export function libp2pCommandJob(context: CommandContext) {
  const { log, report, subscription, refreshDevices, key, home, requestPublish } = context;
  return async (data: unknown): Promise<void> => {
    const refuse = (sender: string, error: string) => {
      log(`/call ignored: ${error}`);
      report({ source: 'libp2p', sender, ok: false, error });
    };
    let request = data;
    if (typeof request === 'string') {
      try {
        request = JSON.parse(request);
      } catch {
        return refuse('', 'The request is not JSON.');
      }
    }
    if (!isPlainObject(request) || typeof request.data !== 'string') {
      return refuse('', 'The request must be {"data": {"sender": …, "data": "0x…"}}.');
    }
    const sender = normalizeAddress(request.sender);
    if (!sender) return refuse('', 'The sender is not an account address.');
    try {
      if (!subscription.isAllowed(sender)) await refreshDevices();
    } catch (error) {
      return refuse(
        sender,
        `The controller cannot read its subscription: ${(error as Error).message}`,
      );
    }
    if (!subscription.isAllowed(sender)) {
      return refuse(sender, `${sender} is not a device of the subscription.`);
    }
    let text: string;
    try {
      text = decryptMessage(request.data, key, sender);
    } catch (error) {
      const detail = error instanceof DecryptError ? error.detail : (error as Error).message;
      return refuse(sender, `The command could not be decrypted: ${detail}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return refuse(sender, 'The command is not JSON.');
    }
    const command = parseLaunchCommand(parsed);
    if (!command.ok) return refuse(sender, command.error);
    const result = home.apply(command.value, nowMicros());
    if (!result.ok) return refuse(sender, `${describe(command.value)}: ${result.error}`);
    log(`/call from ${sender}: ${describe(command.value)} -> ${result.update.state}`);
    report({ source: 'libp2p', sender, ok: true, action: describe(command.value) });
    requestPublish();
  };
}

/**
 * The job of `launch.launch(controller, H256)` from a device (docs/home-assistant.md, Commands
 * from the chain): a registration, a password, or a command in a file on IPFS, plain or boxed,
 * read again the way HA's `ast.literal_eval` reads it.
 */
export function chainLaunchJob(context: CommandContext) {
  const { address, key, home, subscription, ipfs, report, log, refreshDevices } = context;
  const { requestPublish, registerUser } = context;
  return async (sender: string, param: string): Promise<void> => {
    const outcome = (fields: Omit<LaunchOutcome, 'source' | 'sender'>) => {
      if (!fields.ok) log(`launch from ${sender} failed: ${fields.error}`);
      report({ source: 'chain', sender, ...fields });
    };
    if (!subscription.isAllowed(sender)) await refreshDevices().catch(() => {});
    // HA's device list holds the devices whose key can receive a box, and the controller.
    if (!subscription.isAllowed(sender) || (sender !== address && !canEncryptTo(sender))) {
      outcome({ ok: false, error: `not linked device ${sender}` });
      return;
    }
    if (param.toLowerCase() === HA_REGISTRATION_PARAM) {
      await registerUser(sender, randomPassword());
      outcome({ ok: true, action: 'registration' });
      return;
    }
    try {
      const owner = subscription.owner!;
      const file = await ipfs.cat(h256ToCid(param), owner);
      const text = utf8.decode(file);
      let decrypted: Uint8Array | undefined;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        decrypted = decryptMessageBytes(text, key, sender);
        value = JSON.parse(utf8.decode(decrypted));
      }
      if (isPlainObject(value) && 'password' in value) {
        if (typeof value.password !== 'string' || !value.password) {
          outcome({ ok: false, error: 'The password launch has no password.' });
        } else {
          await registerUser(sender, value.password);
          outcome({ ok: true, action: 'password' });
        }
      } else if (isPlainObject(value) && 'platform' in value) {
        // HA re-reads the command with ast.literal_eval, the decrypted one as str(bytes)[2:-1].
        const literal = text.includes('platform')
          ? literalEval(text)
          : literalEvalBytesRepr(decrypted ?? decryptMessageBytes(text, key, sender));
        const command = parseLaunchCommand(literal);
        if (!command.ok) {
          outcome({ ok: false, error: command.error });
        } else {
          const result = home.apply(command.value, nowMicros());
          if (result.ok) {
            log(`launch from ${sender}: ${describe(command.value)} -> ${result.update.state}`);
            outcome({ ok: true, action: describe(command.value) });
          } else {
            outcome({ ok: false, error: `${describe(command.value)}: ${result.error}` });
          }
        }
      } else {
        outcome({ ok: false, error: 'The launch file is neither a command nor a password.' });
      }
    } catch (error) {
      const message =
        error instanceof DecryptError
          ? `The launch file could not be decrypted: ${error.detail}`
          : error instanceof LiteralEvalError
            ? `ValueError: ${error.message}`
            : (error as Error).message;
      outcome({ ok: false, error: message });
    }
    // After any launch but a registration, HA sends its telemetry.
    requestPublish();
  };
}
