import { describe, expect, it } from 'vitest';
import { transferTargetProblem } from './transfer.ts';

const OWNER = '4GzMLepDF5nKTWDM6XpB3CrBcFmwgazcVFAD3ZBNAjKT6hQJ';
const OTHER = '4GvnAjgUnhCvhCLz7TkJdxYUhTxN8W5keXrRndG5aijDsEX7';
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
