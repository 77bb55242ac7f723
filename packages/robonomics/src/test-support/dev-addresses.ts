/**
 * The well-known development accounts as the tests address them: SS58 addresses in Robonomics'
 * format (32) of the keys `//Alice` (sr25519) and `//Bob` (ed25519) derive from the development
 * phrase. One place for the literals, so that a test never spells an account differently from
 * another; the devnet derives the same accounts (`packages/devnet/src/chain/pallets/dev-accounts.ts`), and
 * `dev-addresses.test.ts` checks that these are the addresses those keys give.
 */

/** `//Alice`, sr25519: the devnet's seeded owner. */
export const ALICE = '4GzMLepDF5nKTWDM6XpB3CrBcFmwgazcVFAD3ZBNAjKT6hQJ';
/** `//Bob`, ed25519: the seeded home's user. */
export const BOB_ED25519 = '4GvnAjgUnhCvhCLz7TkJdxYUhTxN8W5keXrRndG5aijDsEX7';
