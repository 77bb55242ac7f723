import { parseAbi } from 'viem';

/** The devnet's chain id: Sepolia, the only network the season pass lives on. */
export const EVM_CHAIN_ID = 11155111;

/** Where the first deployment of Hardhat account #0 (nonce 0) lands; the app's devnet config. */
export const SEASON_PASS_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

/**
 * The typed view of contracts/SeasonPass.sol that the devnet uses (a test checks the compiled
 * ABI has every entry, and every entry the app uses: docs/nft-oracle.md).
 */
export const seasonPassAbi = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function activatedOf(uint256 tokenId) view returns (bool)',
  'function activate(uint256 tokenId)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function totalSupply() view returns (uint256)',
  'function tokenByIndex(uint256 index) view returns (uint256)',
  'function owner() view returns (address)',
  'function paused() view returns (bool)',
  'function pause()',
  'function unpause()',
  'function safeMint(address to, string cid) returns (uint256)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'event Activated(uint256 indexed tokenId, address indexed holder)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'error TokenActivated(uint256 tokenId)',
  'error NotTokenOwner(uint256 tokenId)',
  'error EmptyMetadata()',
  'error EnforcedPause()',
  'error ExpectedPause()',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error OwnableUnauthorizedAccount(address account)',
]);
