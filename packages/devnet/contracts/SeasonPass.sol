// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

/**
 * The devnet's Robonomics Season Pass: an enumerable ERC-721 whose holders activate their own
 * tokens once. The owner mints (metadata on IPFS) and may pause activation.
 *
 * Read by the app: balanceOf, tokenOfOwnerByIndex, tokenURI ("ipfs://<cid>"), activatedOf;
 * sent by the app: activate. Reverts the app decodes by name: TokenActivated, EnforcedPause,
 * NotTokenOwner, ERC721NonexistentToken.
 */
contract SeasonPass is ERC721Enumerable, Pausable, Ownable {
    /// The token was activated before; activation happens once.
    error TokenActivated(uint256 tokenId);
    /// Only the holder of a token may activate it.
    error NotTokenOwner(uint256 tokenId);
    /// A token needs a metadata CID.
    error EmptyMetadata();

    event Activated(uint256 indexed tokenId, address indexed holder);

    uint256 private _nextTokenId = 1;
    mapping(uint256 tokenId => string cid) private _metadata;
    mapping(uint256 tokenId => bool) private _activated;

    constructor(address initialOwner)
        ERC721("Robonomics Season Pass 2024-2025", "RSP")
        Ownable(initialOwner)
    {}

    /// Mints the next token (ids start at 1) to `to`; its metadata is the JSON at ipfs://<cid>.
    function safeMint(address to, string calldata cid) external onlyOwner returns (uint256) {
        if (bytes(cid).length == 0) revert EmptyMetadata();
        uint256 tokenId = _nextTokenId++;
        _metadata[tokenId] = cid;
        _safeMint(to, tokenId);
        return tokenId;
    }

    /// Activates a token; only its holder may, once, and not while paused.
    function activate(uint256 tokenId) external whenNotPaused {
        address holder = _requireOwned(tokenId);
        if (holder != _msgSender()) revert NotTokenOwner(tokenId);
        if (_activated[tokenId]) revert TokenActivated(tokenId);
        _activated[tokenId] = true;
        emit Activated(tokenId, holder);
    }

    function activatedOf(uint256 tokenId) external view returns (bool) {
        _requireOwned(tokenId);
        return _activated[tokenId];
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        return string.concat("ipfs://", _metadata[tokenId]);
    }

    function pause() external onlyOwner {
        _pause();
    }

    function unpause() external onlyOwner {
        _unpause();
    }
}
