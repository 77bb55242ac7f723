import type { DedotClient } from 'dedot';
import type { RobonomicsApi } from '../generated/robonomics/index';

/**
 * The typed client of the Robonomics runtime (bindings generated from the real metadata). A module
 * of its own, so the reads the connection itself makes (the offer, connection/chain-connection.ts) can name it
 * without importing the connection back.
 */
export type RobonomicsClient = DedotClient<RobonomicsApi>;

/** A call of the runtime, as `client.tx.<pallet>.<call>(…).call` gives it (for batches). */
export type { RobonomicsRuntimeRuntimeCallLike as RuntimeCallLike } from '../generated/robonomics/index';
