/**
 * The stylesheets of a route's page, listed by the build in the page's HTML (first-data-plugin.ts)
 * for the page users open first thing, the devices page. The page's first script adds them on
 * that route at once, so the page's view kept on this device can be painted styled before the
 * app's code has run (lib/shell/home-preview.ts); the app's own import of the page then finds
 * them there.
 */

/** The id of the HTML data block that lists them: `{ [route]: [file, …] }`. */
export const ROUTE_STYLES_ID = 'route-styles';

/** The listed route that the hash (`#/telemetry?…`) opens, if any. */
export function routeOfHash(hash: string, routes: readonly string[]): string | undefined {
  const path = hash.replace(/^#/, '').split(/[?#]/)[0] ?? '';
  return routes.find((route) => path === route || path.startsWith(`${route}/`));
}

/** Adds the stylesheets the build lists for the route the page opens on; returns their links. */
export function addRouteStyles(doc: Document, hash: string): HTMLLinkElement[] {
  let listed: Record<string, string[]>;
  try {
    listed = JSON.parse(doc.getElementById(ROUTE_STYLES_ID)?.textContent ?? '{}');
  } catch {
    return [];
  }
  const route = routeOfHash(hash, Object.keys(listed));
  return (route ? (listed[route] ?? []) : []).map((file) => {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    // As the app's own loader adds it, so it finds this one and adds no other.
    link.crossOrigin = '';
    link.href = `./${file}`;
    doc.head.appendChild(link);
    return link;
  });
}
