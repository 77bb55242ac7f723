/** The humanoid robot of the CES 2025 demo and what a command costs (docs/product-rules.md, Robot payment). */
export const ROBOT_ADDRESS = '4GfZP7fbGZBx5GxR4mreLGTm872vHYhDMmaV6d1SEHGtv7AP';
export const ROBOT_PRICE = 500_000_000n; // 0.5 XRT

export const ROBOT_COMMANDS = [
  { id: 'wave', label: 'Wave Hand', code: '0' },
  { id: 'wave-turn', label: 'Wave Hand with Turn', code: '1' },
  { id: 'shake', label: 'Shake Hand', code: '2' },
] as const;

export type RobotCommandId = (typeof ROBOT_COMMANDS)[number]['id'];

/**
 * The launch parameter of a command: an H256 whose first byte is the ASCII code of the
 * command's digit and whose other 31 bytes are zero (docs/product-rules.md, Robot payment).
 */
export function robotCommandParam(id: RobotCommandId): `0x${string}` {
  const command = ROBOT_COMMANDS.find((c) => c.id === id);
  if (!command) throw new Error(`Unknown robot command "${id}".`);
  const firstByte = command.code.charCodeAt(0).toString(16).padStart(2, '0');
  return `0x${firstByte}${'00'.repeat(31)}`;
}

/** The command a launch parameter stands for, or null for another parameter. */
export function robotCommandOf(param: string): (typeof ROBOT_COMMANDS)[number] | null {
  return ROBOT_COMMANDS.find((c) => robotCommandParam(c.id) === param.toLowerCase()) ?? null;
}
