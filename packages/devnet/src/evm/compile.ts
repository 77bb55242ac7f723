import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

const require = createRequire(import.meta.url);

export const CONTRACT_NAME = 'SeasonPass';
export const CONTRACT_FILE = 'contracts/SeasonPass.sol';
export const CONTRACT_PATH = fileURLToPath(
  new URL('../../contracts/SeasonPass.sol', import.meta.url),
);

const OZ_PREFIX = '@openzeppelin/contracts/';

/** Fixed settings, so a given source always gives the same bytecode. */
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { [CONTRACT_FILE]: { [CONTRACT_NAME]: ['abi', 'evm.bytecode.object'] } },
} as const;

export interface ContractArtifact {
  contractName: string;
  /** sha256 of the source, the compiler and library versions and the settings. */
  sourceHash: string;
  solcVersion: string;
  abi: Abi;
  bytecode: Hex;
}

export interface CompileResult {
  artifact: ContractArtifact;
  /** False when the artifact came from the cache. */
  compiled: boolean;
  ms: number;
}

function packageVersion(name: string): string {
  const file = require.resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

function openZeppelinRoot(): string {
  return dirname(require.resolve('@openzeppelin/contracts/package.json'));
}

/**
 * solc's import callback: only OpenZeppelin files from node_modules, and nothing that climbs
 * out of the package.
 */
export function readImport(path: string): { contents: string } | { error: string } {
  const clean = posix.normalize(path);
  if (!clean.startsWith(OZ_PREFIX) || clean.split('/').includes('..')) {
    return { error: `import not allowed: ${path}` };
  }
  const root = openZeppelinRoot();
  const file = normalize(join(root, clean.slice(OZ_PREFIX.length)));
  if (!file.startsWith(root)) return { error: `import not allowed: ${path}` };
  try {
    return { contents: readFileSync(file, 'utf8') };
  } catch {
    return { error: `file not found: ${path}` };
  }
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

interface Solc {
  version(): string;
  compile(input: string, options: { import: typeof readImport }): string;
}

/** Compiles SeasonPass.sol with solc-js (no compiler download) and the callback above. */
export async function compileSource(source: string, sourceHash: string): Promise<ContractArtifact> {
  const solc = ((await import('solc')) as unknown as { default: Solc }).default;
  const input = {
    language: 'Solidity',
    sources: { [CONTRACT_FILE]: { content: source } },
    settings: SETTINGS,
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), { import: readImport }),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(
      `SeasonPass.sol does not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`,
    );
  }
  const contract = output.contracts?.[CONTRACT_FILE]?.[CONTRACT_NAME];
  if (!contract?.evm.bytecode.object) throw new Error('solc gave no SeasonPass bytecode');
  return {
    contractName: CONTRACT_NAME,
    sourceHash,
    solcVersion: solc.version(),
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}

/** The cache key: everything that changes the output. */
export function hashSource(source: string): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        source,
        solc: packageVersion('solc'),
        openzeppelin: packageVersion('@openzeppelin/contracts'),
        settings: SETTINGS,
      }),
    )
    .digest('hex');
}

/**
 * The SeasonPass artifact: from `<cacheDir>/SeasonPass-<hash>.json` when the source is
 * unchanged, otherwise compiled now and written there (atomically).
 */
export async function loadSeasonPassArtifact(cacheDir: string): Promise<CompileResult> {
  const started = performance.now();
  const source = readFileSync(CONTRACT_PATH, 'utf8');
  const sourceHash = hashSource(source);
  const file = join(cacheDir, `${CONTRACT_NAME}-${sourceHash.slice(0, 16)}.json`);
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as ContractArtifact;
    if (cached.sourceHash === sourceHash && cached.bytecode.startsWith('0x')) {
      return { artifact: cached, compiled: false, ms: performance.now() - started };
    }
  } catch {
    // No cache yet, or a damaged one: compile.
  }
  const artifact = await compileSource(source, sourceHash);
  mkdirSync(cacheDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(artifact));
  renameSync(tmp, file);
  return { artifact, compiled: true, ms: performance.now() - started };
}
