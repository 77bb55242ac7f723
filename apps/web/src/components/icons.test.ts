import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BRAND_MARK } from './icons.tsx';

describe('the brand mark', () => {
  it('is the drawing of the app’s icon file', () => {
    // (Not `new URL(…, import.meta.url)`: the bundler would take the SVG for an asset to serve.)
    const here = dirname(fileURLToPath(import.meta.url));
    const icon = readFileSync(join(here, '../../public/favicon.svg'), 'utf8');
    expect(icon).toContain(`fill="${BRAND_MARK.background}"`);
    expect(icon).toContain(`d="${BRAND_MARK.letter}"`);
  });
});
