import { describe, expect, it } from 'vitest';
import { BOB_ED25519 as OTHER, ALICE as OWNER } from '../test-support/dev-addresses.ts';
import { transferTargetProblem } from './transfer.ts';

// The owner written with the generic prefix 42.
const OWNER_42 = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';

describe('transferTargetProblem', () => {
  it('takes another Robonomics address', () => {
    expect(transferTargetProblem(` ${OTHER} `, OWNER)).toBeNull();
  });

  it('refuses the owner, another network’s format and what is not an address', () => {
    expect(transferTargetProblem(OWNER, OWNER)).toBe('This is the subscription’s owner already.');
    expect(transferTargetProblem(OWNER_42, OTHER)).toMatch(/written for another network/);
    expect(transferTargetProblem('0x5FbDB2315678afecb367f032d93F642f64180aa3', OWNER)).toBe(
      'This is not a valid account address.',
    );
    expect(transferTargetProblem('', OWNER)).toBe('Enter the address of the new owner.');
  });
});
