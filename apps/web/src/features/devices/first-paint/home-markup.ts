import { cleanPreview } from '../../../lib/shell/home-preview.ts';
import { routePaths } from '../../../lib/shell/route-table.ts';

/**
 * The devices page's markup as on screen now, cleaned for painting before the app's code on the
 * next visit (lib/shell/home-preview.ts); undefined when the page does not show a home.
 */
export function captureHomeMarkup(doc: Document = document): string | undefined {
  if (!doc.location.hash.startsWith(`#${routePaths.devices}`)) return undefined;
  const root = doc.getElementById('root');
  if (!root?.querySelector('section[aria-label="Home"] [data-entity]')) return undefined;
  const copy = root.cloneNode(true) as Element;
  cleanPreview(copy);
  return copy.innerHTML;
}
