import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SecretPhraseInput } from './SecretPhraseInput.tsx';

function Field() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="phrase">Pass phrase</label>
      <SecretPhraseInput id="phrase" value={value} onChange={setValue} />
    </>
  );
}

describe('a secret phrase field', () => {
  it('is no password field, is masked by default and shows on request', () => {
    render(<Field />);
    const field = screen.getByLabelText('Pass phrase') as HTMLInputElement;
    // Browsers offer to save what is typed into a password field; a text field they leave alone.
    expect(field.type).toBe('text');
    expect(field.autocomplete).toBe('off');
    expect(field.getAttribute('spellcheck')).toBe('false');
    expect(field.dataset.lpignore).toBe('true');
    expect(field.className).toContain('masked');
    fireEvent.change(field, { target: { value: 'bottom drive obey' } });
    expect(field.value).toBe('bottom drive obey');
    fireEvent.click(screen.getByRole('button', { name: 'Show the phrase' }));
    expect(field.className).not.toContain('masked');
    fireEvent.click(screen.getByRole('button', { name: 'Hide the phrase' }));
    expect(field.className).toContain('masked');
  });
});
