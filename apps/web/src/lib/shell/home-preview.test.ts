import { afterEach, describe, expect, it, vi } from 'vitest';
import { asOfText } from '../time/format-date.ts';
import {
  cleanPreview,
  cleanStyle,
  dropHomePreview,
  HOME_PREVIEW_ID,
  paintHomePreview,
  showAsKept,
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

  it('keeps only what it knows: the ways around a list of dangers go too', () => {
    const template = document.createElement('template');
    template.innerHTML = `
      <section aria-label="Home">
        <a href="java&#9;script:alert(1)" class="more">tab inside the scheme</a>
        <a href=" JaVaScRiPt:alert(1)">case and space</a>
        <a href="https://example.org/track">a plain link</a>
        <img src="x.png" srcset="https://example.org/pixel.png 1x"><picture><source srcset="y"></picture>
        <button formaction="javascript:alert(1)" class="switch">Kitchen</button>
        <div style="background-image: url(https://example.org/pixel.png)" class="a">url</div>
        <div style="min-height: expression(alert(1)); grid-row-end: span 3" class="b">mixed</div>
        <div style="min-height: 1px\\;background:url(x)" class="c">escape</div>
        <svg viewBox="0 0 10 10" class="chart"><path d="M0 0L10 10" stroke="red"></path>
          <animate attributeName="href" to="javascript:alert(1)"></animate>
          <set attributeName="onclick" to="alert(1)"></set><use href="#defs"></use>
          <a xlink:href="javascript:alert(1)"><text x="1" y="2">label</text></a>
          <foreignObject><div>foreign content</div></foreignObject></svg>
        <math><mi>x</mi></math><noscript>no</noscript><template><p>t</p></template>
        <custom-card>custom</custom-card><style>*{}</style><object data="x"></object>
        <p aria-describedby="x" aria-label="Kept" aria-errormessage="y">text</p>
      </section>`;
    cleanPreview(template.content);
    const html = template.innerHTML;
    for (const gone of [
      'script:',
      'srcset',
      'href',
      'formaction',
      'url(',
      'expression',
      '<img',
      '<picture',
      '<animate',
      '<set',
      '<use',
      '<foreignobject',
      'foreign content',
      '<math',
      '<noscript',
      '<template',
      '<custom-card',
      '<style',
      '<object',
      'aria-describedby',
      'aria-errormessage',
    ])
      expect(html.toLowerCase(), gone).not.toContain(gone);
    const box = template.content;
    expect(box.querySelector('.b')?.getAttribute('style')).toBe('grid-row-end: span 3');
    expect(box.querySelector('.a')?.hasAttribute('style')).toBe(false);
    expect(box.querySelector('.c')?.hasAttribute('style')).toBe(false);
    expect(box.querySelector('.switch')?.textContent).toBe('Kitchen');
    expect(box.querySelector('svg')?.getAttribute('viewBox')).toBe('0 0 10 10');
    expect(box.querySelector('path')?.getAttribute('d')).toBe('M0 0L10 10');
    expect(box.querySelector('p')?.getAttribute('aria-label')).toBe('Kept');
    expect(box.querySelector('.more')?.textContent).toBe('tab inside the scheme');
  });

  it('keeps the layout the page sets inline, and nothing else of a style', () => {
    expect(cleanStyle('grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px')).toBe(
      'grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px',
    );
    expect(cleanStyle('min-height: calc(100px + 1em)')).toBe('min-height: calc(100px + 1em)');
    expect(cleanStyle('min-height: var(--x)')).toBe('');
    expect(cleanStyle('color: red; position: fixed')).toBe('');
    expect(cleanStyle('gap: 1px/**/url(x)')).toBe('');
  });

  it('shows its status chips as a picture of the past: no state yet, and the datalog’s age', () => {
    const updated = new Date(2026, 10, 26, 15, 40).getTime();
    const template = document.createElement('template');
    template.innerHTML = `
      <ul><li><button class="status-chip" data-chip="connection" data-state="ok"><span class="state-icon mark-ok" role="img" aria-label="ok"><svg></svg></span>Libp2p (via relay)</button></li>
      <li><button class="status-chip" data-chip="datalog" data-state="ok" data-updated="${updated}"><span class="state-icon mark-ok" role="img" aria-label="ok"><svg></svg></span>Datalog</button></li></ul>`;
    cleanPreview(template.content);
    showAsKept(template.content, new Date(2026, 10, 26, 16, 0).getTime());
    const chips = [...template.content.querySelectorAll('.status-chip')];
    expect(chips.map((c) => c.getAttribute('data-state'))).toEqual(['busy', 'busy']);
    expect(template.content.querySelectorAll('.state-icon.mark-busy > .spinner')).toHaveLength(2);
    expect(template.content.querySelector('svg')).toBeNull();
    expect(chips[0]?.textContent).toBe('Libp2p (via relay)');
    const sameDay = new Date(2026, 10, 26, 16, 0).getTime();
    expect(chips[1]?.textContent).toBe(asOfText(updated, sameDay));
    // Seen on a later day, the picture says which day.
    const later = new Date(2026, 10, 28, 9, 0).getTime();
    showAsKept(template.content, later);
    expect(chips[1]?.textContent).toBe(asOfText(updated, later));
    expect(chips[1]?.textContent).not.toBe(asOfText(updated, sameDay));
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
