import { asOfText } from '../time/format-date.ts';

/**
 * The devices page as it last looked, painted by the page's first script before the app's code
 * has run (docs/devices-page.md, "The painted view"): the markup of the page the user last saw,
 * sealed on this device with their kept key (lib/user-key/sealed-home-view.ts), put over the page
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

const UNSAFE_ELEMENTS = 'script,iframe,object,embed,link,meta,base,form,[role="dialog"]';

/**
 * Takes out of `root` (a copy of the page) what must not be repeated or run: elements that run or
 * load anything, open popovers, the toasts; ids, data attributes other than the styles' and
 * references between elements (the app's own page is the one with those, for whoever looks for
 * them); event handler and script URL attributes.
 */
export function cleanPreview(root: Element | DocumentFragment): void {
  for (const element of root.querySelectorAll(`${UNSAFE_ELEMENTS},[aria-live]`)) element.remove();
  for (const element of root.querySelectorAll('*')) {
    for (const { name, value } of [...element.attributes]) {
      if (
        name === 'id' ||
        name === 'for' ||
        name === 'name' ||
        name === 'autofocus' ||
        (name.startsWith('data-') && !KEPT_DATA.has(name)) ||
        name.startsWith('on') ||
        /^aria-(controls|labelledby|describedby|owns|activedescendant)$/.test(name) ||
        (/^(href|src|action|formaction|xlink:href)$/.test(name) && /^\s*javascript:/i.test(value))
      )
        element.removeAttribute(name);
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
