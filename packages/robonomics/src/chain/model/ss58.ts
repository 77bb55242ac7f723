/** The Robonomics SS58 prefix: addresses are shown in this format (they start with 4). */
export const ROBONOMICS_SS58 = 32;
