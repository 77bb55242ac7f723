/** The fields of the releases API the footer shows (docs/product-rules.md). */
export interface LatestRelease {
  htmlUrl: string;
  name: string;
  tagName: string;
}

/** Fetches and validates the latest release; any failure is an Error with a plain message. */
export async function fetchLatestRelease(
  url: string,
  signal?: AbortSignal,
): Promise<LatestRelease> {
  const response = await fetch(url, { signal, headers: { accept: 'application/vnd.github+json' } });
  if (!response.ok) throw new Error(`The releases API answered ${response.status}.`);
  const body = (await response.json()) as Record<string, unknown>;
  const { html_url: htmlUrl, name, tag_name: tagName } = body ?? {};
  if (typeof htmlUrl !== 'string' || typeof tagName !== 'string') {
    throw new Error('The releases API answered without a release.');
  }
  const link = new URL(htmlUrl);
  if (link.protocol !== 'https:') throw new Error('The release link is not an https address.');
  return { htmlUrl: link.href, name: typeof name === 'string' ? name : '', tagName };
}
