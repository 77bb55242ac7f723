/** Sepolia, the only network the season pass lives on (docs/nft-oracle.md). */
export const SEASON_PASS_CHAIN_ID = 11155111;

const uint256 = (name: string) => ({ type: 'uint256', name }) as const;
const tokenIdIn = [uint256('tokenId')] as const;

/**
 * What the app calls on the season pass contract (docs/nft-oracle.md) and the errors it names. A JSON ABI
 * rather than viem's parseAbi: this module is in the first bundle (it holds the chain id), and
 * the human-readable ABI parser is not needed there.
 */
export const seasonPassAbi = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ type: 'address', name: 'owner' }],
    outputs: [{ type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'tokenOfOwnerByIndex',
    stateMutability: 'view',
    inputs: [{ type: 'address', name: 'owner' }, uint256('index')],
    outputs: [{ type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'tokenURI',
    stateMutability: 'view',
    inputs: tokenIdIn,
    outputs: [{ type: 'string' }],
  },
  {
    type: 'function',
    name: 'activatedOf',
    stateMutability: 'view',
    inputs: tokenIdIn,
    outputs: [{ type: 'bool' }],
  },
  {
    type: 'function',
    name: 'activate',
    stateMutability: 'nonpayable',
    inputs: tokenIdIn,
    outputs: [],
  },
  { type: 'error', name: 'TokenActivated', inputs: tokenIdIn },
  { type: 'error', name: 'EnforcedPause', inputs: [] },
  { type: 'error', name: 'ExpectedPause', inputs: [] },
  {
    type: 'error',
    name: 'ERC721IncorrectOwner',
    inputs: [
      { type: 'address', name: 'sender' },
      uint256('tokenId'),
      { type: 'address', name: 'owner' },
    ],
  },
  { type: 'error', name: 'ERC721NonexistentToken', inputs: tokenIdIn },
  { type: 'error', name: 'NotTokenOwner', inputs: tokenIdIn },
] as const;

/** Contract errors in the user's words. */
export const contractErrorTexts: Record<string, string> = {
  TokenActivated: 'This season pass is already activated.',
  EnforcedPause: 'Activation is paused by the season pass owner. Try again later.',
  ERC721IncorrectOwner: 'Only the owner of this season pass can activate it.',
  NotTokenOwner: 'Only the owner of this season pass can activate it.',
  ERC721NonexistentToken: 'This season pass does not exist.',
};
