import { describe, expect, it } from 'vitest';
import { isFramed, showFramedNotice } from './frame-guard.ts';

describe('frame guard', () => {
  it('tells a top-level page from a framed one', () => {
    expect(isFramed(window)).toBe(false);
    const framed = { self: {}, top: {} } as unknown as Window;
    expect(isFramed(framed)).toBe(true);
    const crossOrigin = {
      self: {},
      get top(): Window {
        throw new DOMException('Blocked a frame with origin', 'SecurityError');
      },
    } as unknown as Window;
    expect(isFramed(crossOrigin)).toBe(true);
  });

  it('shows a note and a link to open the app on its own instead of the app', () => {
    const root = document.createElement('div');
    root.innerHTML = '<button>Buy subscription</button>';
    showFramedNotice(root, 'https://dapp.example/#/rws-buy');
    expect(root.querySelector('button')).toBeNull();
    expect(root.textContent).toBe(
      'For your safety, the Robonomics Dapp does not run inside another page. Open it in its own tab.',
    );
    const link = root.querySelector('a')!;
    expect(link.href).toBe('https://dapp.example/#/rws-buy');
    expect(link.target).toBe('_blank');
  });
});
