import type { SetupFileOptions } from '../home-assistant/setup-file/write.ts';
import { VECTOR_CONTROLLER_ADDRESS, VECTOR_USER_ADDRESS } from './crypto-vectors.ts';

/** A saved setup as the app keeps it, for the setup file's writer and readers in tests. */
export const SAMPLE_OWNER = VECTOR_USER_ADDRESS;
export const SAMPLE_CONTROLLER = VECTOR_CONTROLLER_ADDRESS;
export const SAMPLE_SETUP = {
  owner: SAMPLE_OWNER,
  name: 'Sunny Home',
  network: 'polkadot',
  controller: { address: SAMPLE_CONTROLLER, keystore: '{"encoded":"…"}' },
  users: [
    { address: SAMPLE_CONTROLLER, label: 'Controller' },
    { address: SAMPLE_OWNER, label: '' },
  ],
};

/** Every field of the setup file chosen, the controller's key left out. */
export const EVERY_FIELD: SetupFileOptions = {
  name: true,
  owner: true,
  controllerAddress: true,
  userNames: true,
  controllerKey: false,
  interval: '10',
  ipfsGateway: '',
};
