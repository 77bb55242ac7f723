import {
  BodyTooLargeError,
  readBoundedJson,
  sizeText,
} from '@robonomics-dapp/robonomics/http/bounded-body';
import { useEffect, useState } from 'react';

/** The fields of the releases API the footer shows (docs/product-rules.md). */
export interface LatestRelease {
  htmlUrl: string;
  name: string;
  tagName: string;
}

/**
 * The most of the releases API's answer that is read. GitHub's latest release is the release's
 * fields, its notes (at most 125,000 characters) and one entry per asset (about 1 KB each): the
 * app's own releases take a few KB.
 */
const MAX_RELEASE_BYTES = 1024 * 1024;

/** The releases API sent more than a release can be. */
class ReleaseTooLargeError extends Error {
  constructor() {
    super(`The releases API sent more than ${sizeText(MAX_RELEASE_BYTES)}; it was not read.`);
    this.name = 'ReleaseTooLargeError';
  }
}

/** Fetches and validates the latest release; any failure is an Error with a plain message. */
export async function fetchLatestRelease(
  url: string,
  signal?: AbortSignal,
): Promise<LatestRelease> {
  const response = await fetch(url, { signal, headers: { accept: 'application/vnd.github+json' } });
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new Error(`The releases API answered ${response.status}.`);
  }
  let body: Record<string, unknown> | null;
  try {
    body = (await readBoundedJson(response, MAX_RELEASE_BYTES)) as Record<string, unknown> | null;
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new ReleaseTooLargeError();
    if (error instanceof SyntaxError) throw new Error('The releases API answered without JSON.');
    throw error;
  }
  const { html_url: htmlUrl, name, tag_name: tagName } = body ?? {};
  if (typeof htmlUrl !== 'string' || typeof tagName !== 'string') {
    throw new Error('The releases API answered without a release.');
  }
  const link = new URL(htmlUrl);
  if (link.protocol !== 'https:') throw new Error('The release link is not an https address.');
  return { htmlUrl: link.href, name: typeof name === 'string' ? name : '', tagName };
}

/** What the footer shows of the latest release. */
export type LatestReleaseState =
  | { status: 'loading' }
  /** `tooLarge`: the API sent more than a release can be, which the footer says. */
  | { status: 'failed'; tooLarge?: boolean }
  | { status: 'loaded'; release: LatestRelease };

/** How long an answer is shown before the next mount or focus asks again. */
const FRESH_MS = 30 * 60_000;
/** One more try after this long when the first fails. */
const RETRY_MS = 1_000;

/**
 * The latest release, asked once per page (again after 30 min, on the next mount or focus) and
 * tried twice. A plain hook, not a query: the footer is part of the shell, which loads no query
 * cache (docs/first-data.md, Weight).
 */
export function useLatestRelease(url: string): LatestReleaseState {
  const [state, setState] = useState<LatestReleaseState>(() => kept(url) ?? { status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let asking = false;
    const ask = () => {
      if (asking || kept(url)) return;
      asking = true;
      void fetchTwice(url, controller.signal).then((next) => {
        asking = false;
        if (controller.signal.aborted) return;
        last = { url, at: Date.now(), state: next };
        setState(next);
      });
    };
    ask();
    window.addEventListener('focus', ask);
    return () => {
      controller.abort();
      window.removeEventListener('focus', ask);
    };
  }, [url]);
  return state;
}

let last: { url: string; at: number; state: LatestReleaseState } | null = null;

function kept(url: string): LatestReleaseState | null {
  return last && last.url === url && Date.now() - last.at < FRESH_MS ? last.state : null;
}

async function fetchTwice(url: string, signal: AbortSignal): Promise<LatestReleaseState> {
  for (let attempt = 0; ; attempt++) {
    try {
      return { status: 'loaded', release: await fetchLatestRelease(url, signal) };
    } catch (error) {
      // The same answer again would be as large: no second try.
      if (error instanceof ReleaseTooLargeError) return { status: 'failed', tooLarge: true };
      if (attempt > 0 || signal.aborted) return { status: 'failed' };
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
