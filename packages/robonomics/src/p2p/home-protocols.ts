/**
 * The libp2p protocols between the app and a home's proxy (see docs/libp2p.md): the app opens
 * `/call` streams to send a command; the proxy opens `/update` streams to push the home's states.
 */
export const CALL_PROTOCOL = '/call';
export const UPDATE_PROTOCOL = '/update';
