import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanPreview,
  dropHomePreview,
  HOME_PREVIEW_ID,
  paintHomePreview,
} from './home-preview.ts';

const PAGE = `
  <header id="top"><button data-testid="menu" aria-controls="top-menu" onclick="alert(1)">Menu</button></header>
  <div role="dialog" aria-label="Account">open popover</div>
  <div role="status" aria-live="polite"><p>Launch command</p></div>
  <button data-chip="ipfs" data-state="bad">No IPFS gateway</button>
  <section aria-label="Home" data-live="true">
    <article data-entity="light.kitchen" data-testid="card"><label for="x">Kitchen</label>
      <input id="x" name="x" type="checkbox"><a href="javascript:alert(1)">more</a></article>
  </section>
  <script>alert(1)</script><iframe src="https://example.org"></iframe>`;

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('the devices page painted before the app runs', () => {
  it('keeps what the page looks like and drops what could run, repeat or point elsewhere', () => {
    const template = document.createElement('template');
    template.innerHTML = PAGE;
    cleanPreview(template.content);
    const html = template.innerHTML;
    for (const gone of [
      'id=',
      'for=',
      'name=',
      'data-testid',
      'data-chip',
      'aria-controls',
      'onclick',
      'javascript:',
      '<script',
      '<iframe',
      'role="dialog"',
      'aria-live',
      'Launch command',
    ])
      expect(html, gone).not.toContain(gone);
    // What the styles select on stays; the home is marked as a kept copy.
    expect(template.content.querySelector('[data-entity="light.kitchen"]')?.textContent).toContain(
      'Kitchen',
    );
    expect(template.content.querySelector('[data-state="bad"]')).not.toBeNull();
    expect(template.content.querySelector('section')?.getAttribute('data-live')).toBe('false');
  });

  it('is painted over the page, out of reach, and goes when the app asks, after 3 s, or on another page', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    vi.useFakeTimers();
    expect(await paintHomePreview(document, PAGE, [])).toBe(true);
    const preview = document.getElementById(HOME_PREVIEW_ID) as HTMLElement;
    expect(preview.hasAttribute('inert')).toBe(true);
    expect(preview.getAttribute('aria-hidden')).toBe('true');
    expect(preview.querySelector('[data-entity]')).not.toBeNull();
    expect(preview.querySelector('script, [onclick]')).toBeNull();
    dropHomePreview(document);
    expect(document.getElementById(HOME_PREVIEW_ID)).toBeNull();

    await paintHomePreview(document, PAGE, []);
    vi.advanceTimersByTime(2_999);
    expect(document.getElementById(HOME_PREVIEW_ID)).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.getElementById(HOME_PREVIEW_ID)).toBeNull();

    await paintHomePreview(document, PAGE, []);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(document.getElementById(HOME_PREVIEW_ID)).toBeNull();
  });

  it('is not painted once the app shows its own home, and waits for the page’s styles', async () => {
    document.body.innerHTML =
      '<div id="root"><section aria-label="Home"><div data-entity="light.a"></div></section></div>';
    expect(await paintHomePreview(document, PAGE, [])).toBe(false);
    expect(document.getElementById(HOME_PREVIEW_ID)).toBeNull();

    document.body.innerHTML = '<div id="root"></div>';
    const style = document.createElement('link');
    let painted = false;
    const painting = paintHomePreview(document, PAGE, [style]).then((done) => {
      painted = done;
    });
    await Promise.resolve();
    expect(document.getElementById(HOME_PREVIEW_ID)).toBeNull();
    style.dispatchEvent(new Event('load'));
    await painting;
    expect(painted).toBe(true);
  });
});
