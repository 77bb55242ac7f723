/**
 * How our libp2p nodes configure mplex (see docs/libp2p.md, "mplex and the rate of new streams").
 * libp2p 3's mplex closes a connection whose peer opens more than `disconnectThreshold` new
 * streams in a second (5 by default). Every command is a new `/call` stream and every state push
 * a new `/update` stream, so a user who taps a few switches quickly, or a home that pushes states
 * while commands arrive, would lose the connection. The proxy homes run (libp2p 0.46) has no such
 * limit for normal traffic; ours is set well above what people and homes do, and still bounds a
 * peer that floods us with streams.
 */
export const MPLEX_OPTIONS = { disconnectThreshold: 100 } as const;
