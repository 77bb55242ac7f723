import { asOfText } from '../time/format-date.ts';

/**
 * The devices page as it last looked, painted by the page's first script before the app's code
 * has run (docs/devices-page.md, "The painted view"): the markup of the page the user last saw,
 * sealed on this device with their kept key (lib/user-key/sealed-home-snapshot.ts), put over the page
 * as a picture that cannot be used (inert, hidden from assistive technology) until the app shows
 * its own first card, which takes it away. Where no key is kept, nothing is painted.
 */

/** The element that holds the painted view. */
export const HOME_PREVIEW_ID = 'home-preview';

/** The longest the painted view stays when the app does not show a card (a slow or failed start). */
const PREVIEW_MAX_MS = 3_000;

/**
 * The data attributes the page's styles, the kept mark and the status chips' age (showAsKept)
 * rely on; the others go.
 */
const KEPT_DATA = new Set(['data-entity', 'data-state', 'data-theme', 'data-live', 'data-updated']);

/** A set of the words of `lines`. */
const wordsOf = (...lines: string[]) => new Set(lines.join(' ').split(' '));

/**
 * The elements a picture of the devices page is made of. Anything else goes with its content:
 * what runs or loads (script, iframe, object, img, link, style, SVG's use, animate and set), what
 * acts (forms), and whatever a later page might add that nobody has looked at yet.
 */
const KEPT_ELEMENTS = wordsOf(
  'a article aside b br button caption circle code dd details div dl dt ellipse em fieldset',
  'figcaption figure footer g h1 h2 h3 h4 h5 h6 header hr i input label legend li line main',
  'mark meter nav ol optgroup option output p path polygon polyline pre progress rect',
  'section select small span strong sub summary sup svg table tbody td text tfoot th thead',
  'time tr tspan u ul',
);

/**
 * The attributes kept: what the page's styles and its look need, none that loads, links or runs
 * anything (no href, src, srcset, action, xlink:href, event handlers), nor ids and references
 * between elements (the app's own page is the one with those, for whoever looks for them).
 */
const KEPT_ATTRIBUTES = wordsOf(
  'class role title lang dir hidden open type value checked disabled readonly selected',
  'multiple min max step low high optimum placeholder size colspan rowspan scope datetime',
  'label width height viewbox fill fill-rule fill-opacity clip-rule stroke stroke-width',
  'stroke-linecap stroke-linejoin stroke-dasharray stroke-dashoffset stroke-opacity opacity',
  'd cx cy r rx ry x y x1 y1 x2 y2 dx dy points transform focusable text-anchor',
  'dominant-baseline font-size preserveaspectratio xmlns style',
);

/** ARIA attributes that name other elements by id: they go with the ids. */
const ARIA_REFERENCES =
  /^aria-(controls|labelledby|describedby|owns|activedescendant|details|errormessage|flowto)$/;

/**
 * The inline style properties the page sets itself (the masonry grid, a chart's height); the
 * value must be plain: no url(), no escapes, no functions but repeat, minmax and calc.
 */
const KEPT_STYLES = new Set([
  'grid-template-columns',
  'grid-auto-rows',
  'grid-row-end',
  'gap',
  'min-height',
]);
const PLAIN_STYLE_VALUE = /^[\w\s.,%#()+-]*$/;
const PLAIN_FUNCTIONS = new Set(['repeat', 'minmax', 'calc']);

/** Whether a style value is plain: words, numbers, units and the layout functions only. */
function plainStyleValue(value: string): boolean {
  if (!PLAIN_STYLE_VALUE.test(value)) return false;
  for (const [, name] of value.matchAll(/([\w-]+)\s*\(/g)) {
    if (!PLAIN_FUNCTIONS.has(name!.toLowerCase())) return false;
  }
  return true;
}

/** The kept part of an inline style (empty when none is kept). */
export function cleanStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return null;
      const name = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      return KEPT_STYLES.has(name) && plainStyleValue(value) ? `${name}: ${value}` : null;
    })
    .filter((kept): kept is string => kept !== null)
    .join('; ');
}

/** Whether an attribute stays on the picture. */
function keptAttribute(name: string): boolean {
  return (
    KEPT_ATTRIBUTES.has(name) ||
    KEPT_DATA.has(name) ||
    (name.startsWith('aria-') && !ARIA_REFERENCES.test(name))
  );
}

/**
 * Takes out of `root` (a copy of the page) what must not be repeated or run: an allowlist, not a
 * list of known dangers. Elements outside KEPT_ELEMENTS go with their content, as do open
 * popovers and the toasts (aria-live); every attribute outside KEPT_ATTRIBUTES goes (ids, data
 * attributes other than the styles', event handlers, links and sources of any kind), and inline
 * styles keep only the page's own layout properties.
 */
export function cleanPreview(root: Element | DocumentFragment): void {
  for (const element of [...root.querySelectorAll('*')]) {
    // Inside an element already taken out.
    if (!root.contains(element)) continue;
    if (
      !KEPT_ELEMENTS.has(element.localName.toLowerCase()) ||
      element.getAttribute('role') === 'dialog' ||
      element.hasAttribute('aria-live')
    ) {
      element.remove();
      continue;
    }
    for (const { name, value } of [...element.attributes]) {
      const lower = name.toLowerCase();
      if (!keptAttribute(lower)) element.removeAttribute(name);
      else if (lower === 'style') {
        const kept = cleanStyle(value);
        if (kept) element.setAttribute('style', kept);
        else element.removeAttribute('style');
      }
    }
  }
  // A copy, not the live home.
  for (const home of root.querySelectorAll('section[aria-label="Home"]')) {
    home.setAttribute('data-live', 'false');
  }
}

/**
 * Makes the status chips of the page as kept say what they are, a picture of the past, as the
 * app's own chips say while a kept home waits for live data: none reports a state yet (a spinner
 * for each), and the datalog's tells when the data shown was current ("As of 15:40").
 */
export function showAsKept(root: ParentNode, now: number): void {
  for (const chip of root.querySelectorAll('.status-chip')) {
    chip.setAttribute('data-state', 'busy');
    const icon = chip.querySelector('.state-icon');
    if (icon) {
      const spinner = chip.ownerDocument.createElement('span');
      spinner.className = 'spinner';
      spinner.setAttribute('aria-hidden', 'true');
      icon.className = 'state-icon mark-busy';
      icon.replaceChildren(spinner);
    }
    // Absent or not a time: Number gives 0 or NaN.
    const updated = Number(chip.getAttribute('data-updated'));
    if (updated > 0 && Number.isFinite(updated)) {
      // The chip's label is its text beside the icon.
      for (const node of [...chip.childNodes]) if (node.nodeType === Node.TEXT_NODE) node.remove();
      chip.append(asOfText(updated, now));
    }
  }
}

/**
 * Paints `markup` (the page's #root content as kept) over the page, once `styles` (the page's
 * own stylesheets) have loaded, unless the app already shows its own home. Returns false when it
 * was not painted.
 */
export async function paintHomePreview(
  doc: Document,
  markup: string,
  styles: readonly HTMLLinkElement[],
): Promise<boolean> {
  await Promise.all(
    styles.map(
      (link) =>
        new Promise<void>((resolve) => {
          if (link.sheet) resolve();
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  );
  const root = doc.getElementById('root');
  if (!root || root.querySelector('section[aria-label="Home"] [data-entity]')) return false;
  const template = doc.createElement('template');
  template.innerHTML = markup;
  cleanPreview(template.content);
  showAsKept(template.content, Date.now());
  const preview = doc.createElement('div');
  preview.id = HOME_PREVIEW_ID;
  preview.setAttribute('inert', '');
  preview.setAttribute('aria-hidden', 'true');
  preview.append(template.content);
  doc.body.prepend(preview);
  setTimeout(() => dropHomePreview(doc), PREVIEW_MAX_MS);
  // Another page asked for: the picture of this one goes at once.
  doc.defaultView?.addEventListener('hashchange', () => dropHomePreview(doc), { once: true });
  return true;
}

/** Takes the painted view away: the app shows its own page. */
export function dropHomePreview(doc: Document = document): void {
  doc.getElementById(HOME_PREVIEW_ID)?.remove();
}
