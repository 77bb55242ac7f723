import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { buildLaunchCommand } from '@robonomics-dapp/robonomics/home-assistant/launch';
import { useCallback, useRef, useState } from 'react';
import { appConfig } from '../../../lib/shell/config.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { useHomeReports } from '../../../lib/stores/home-reports.ts';
import { useToasts } from '../../../lib/stores/toasts.ts';
import { useUserKey } from '../../../lib/user-key/user-key-store.ts';
import { type CommandStatus, commandStatusText, entityMark } from '../commands/command-status.ts';
import { sendLaunch } from '../commands/send-launch.ts';
import type { HomeState } from './use-home.ts';

let commandIds = 0;

export interface CommandTarget {
  owner: string | null;
  controller: string | null;
  /** The signed-in user and their key. */
  user: string | null;
  pair: KeyPair | null;
  /** The subscription's devices as the page holds them (no read per command). */
  devices: string[] | undefined;
  home: HomeState;
}

/**
 * The commands of the devices page: `send` builds one entity's command sender for its card;
 * `statusOf` is the one line its card shows for its last command (pending, sent, applied once
 * the new state arrives, or the refusal in words). Each command has one toast, updated in place.
 */
export function useCommands({ owner, controller, user, pair, devices, home }: CommandTarget) {
  const notify = useToasts((s) => s.notify);
  const [commands, setCommands] = useState<Record<string, CommandStatus>>({});
  const statesRef = useRef(home.states);
  statesRef.current = home.states;
  const send = useCallback(
    (entityId: string, domain: string) => (service: string, params?: Record<string, unknown>) => {
      if (!owner || !controller || !user) return;
      const id = ++commandIds;
      const step = `command:${id}`;
      let reason: string | null = null;
      const update = (status: CommandStatus['status']) => {
        // The home took a command from this device: what the guided setup's last step waits for.
        if (status === 'success') {
          useHomeReports
            .getState()
            .note(useChain.getState().endpoint, controller, { controlledAt: Date.now() });
        }
        setCommands((all) =>
          all[entityId]?.id === id || status === 'pending'
            ? {
                ...all,
                [entityId]: {
                  id,
                  status,
                  reason,
                  before:
                    all[entityId]?.id === id
                      ? all[entityId]!.before
                      : entityMark(statesRef.current?.entities[entityId]),
                },
              }
            : all,
        );
      };
      update('pending');
      const sendWith = (key: KeyPair) =>
        sendLaunch(
          {
            owner,
            controller,
            user: key,
            userAddress: user,
            devices,
            ipfsApi: appConfig.ipfsApi,
            channel:
              home.connection.type === 'libp2p' && home.connection.connected ? home.peer : null,
            notify: (text, kind) => notify(text, { kind, step }),
            onStatus: (status, why) => {
              if (why) reason = why;
              update(status);
            },
            onHomeNotListening: home.notListening,
          },
          buildLaunchCommand(domain, service, entityId, params),
        );
      // The home sealed on this device shows before the kept key is open: a tap waits for it.
      const signer = pair
        ? Promise.resolve(pair)
        : useUserKey
            .getState()
            .restore(user)
            .then(() => useUserKey.getState().pair);
      void signer
        .then((key) => {
          if (key) return sendWith(key);
          reason = 'Sign in with your secret phrase to control your devices.';
          notify(reason, { kind: 'error', step });
          update('error');
        })
        .then(() => useToasts.getState().finish(step));
    },
    [owner, controller, pair, user, devices, home.peer, home.connection, home.notListening, notify],
  );
  const statusOf = (entityId: string) => {
    const command = commands[entityId];
    return command && commandStatusText(command, home.states?.entities[entityId]);
  };

  return { send, statusOf };
}
