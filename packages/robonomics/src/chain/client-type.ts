import type { DedotClient } from 'dedot';
import type { RobonomicsApi } from './generated/robonomics/index';

/**
 * The typed client of the Robonomics runtime (bindings generated from the real metadata). A module
 * of its own, so the reads the connection itself makes (the offer, client.ts) can name it
 * without importing the connection back.
 */
export type RobonomicsClient = DedotClient<RobonomicsApi>;
