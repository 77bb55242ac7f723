import { parseAbi } from 'viem';

/** Sepolia, the only network the season pass lives on (SPEC §9). */
export const SEASON_PASS_CHAIN_ID = 11155111;

export const seasonPassAbi = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function activatedOf(uint256 tokenId) view returns (bool)',
  'function activate(uint256 tokenId)',
  'error TokenActivated(uint256 tokenId)',
  'error EnforcedPause()',
  'error ExpectedPause()',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error NotTokenOwner(uint256 tokenId)',
]);

/** Contract errors in the user's words. */
export const contractErrorTexts: Record<string, string> = {
  TokenActivated: 'This season pass is already activated.',
  EnforcedPause: 'Activation is paused by the season pass owner. Try again later.',
  ERC721IncorrectOwner: 'Only the owner of this season pass can activate it.',
  NotTokenOwner: 'Only the owner of this season pass can activate it.',
  ERC721NonexistentToken: 'This season pass does not exist.',
};
