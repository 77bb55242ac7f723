/** A twin's topics: 32-byte topic (0x-hex) → source account (SS58-32). */
export type TwinTopics = { topic: string; source: string }[];
