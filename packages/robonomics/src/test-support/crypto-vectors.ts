import { pairFromUri } from '../crypto/keys.ts';

/**
 * The crypto tests' vectors (docs/crypto.md): a user and a controller, each from a public test
 * phrase, with their addresses. The controller is the devnet's seeded home's.
 */
export const VECTOR_USER = pairFromUri(
  'bottom drive obey lake curtain smoke basket hold race lonely fit walk',
);
export const VECTOR_CONTROLLER = pairFromUri(
  'legal winner thank year wave sausage worth useful legal winner thank yellow',
);
/** The user's address in Robonomics' format (32), and in the generic one (42). */
export const VECTOR_USER_ADDRESS = '4DNhfCUWDh5LG2GkFHPDdZfejMoSezRnF3tRfvudqLzn2HAs';
export const VECTOR_USER_ADDRESS_42 = '5DFJF7tY4bpbpcKPJcBTQaKuCDEPCpiz8TRjpmLeTtweqmXL';
export const VECTOR_CONTROLLER_ADDRESS = '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G';
