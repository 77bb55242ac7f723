import { escapePoint } from '../common/fault.ts';
import type { ServiceHandle } from '../common/options.ts';
import { closeServer, createBoundedServer, listen, skipBody } from '../http/limits.ts';
import { corsGate, DEFAULT_APP_ORIGINS } from '../http/origins.ts';

/** The JSON shape of GitHub's "latest release" answer that the app reads. */
export interface ReleaseInfo {
  html_url: string;
  name: string;
  tag_name: string;
}

export const LATEST_RELEASE_PATH = '/repos/airalab/robonomics.app/releases/latest';

export const devnetRelease: ReleaseInfo = {
  html_url: 'https://github.com/airalab/robonomics.app/releases/tag/v0.10.0',
  name: 'Robonomics Dapp (local devnet)',
  tag_name: 'v0.10.0',
};

/**
 * A small stand-in for the GitHub releases API: answers the latest-release path with the same
 * JSON shape, anything else with GitHub's 404 body. api.github.com answers CORS to any origin;
 * the devnet, on the developer's machine, only to the app's (see docs/security.md).
 */
export async function startReleasesServer(
  host: string,
  port: number,
  release: ReleaseInfo = devnetRelease,
  allowedOrigins: readonly string[] = DEFAULT_APP_ORIGINS,
): Promise<ServiceHandle> {
  const server = createBoundedServer((req, res) => {
    if (!corsGate(req, res, { origins: allowedOrigins, methods: 'GET, OPTIONS' })) return;
    skipBody(req, res);
    res.setHeader('content-type', 'application/json; charset=utf-8');
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if ((req.method === 'GET' || req.method === 'HEAD') && path === LATEST_RELEASE_PATH) {
      res.writeHead(200).end(JSON.stringify(release));
      void escapePoint('releases:request');
      return;
    }
    res.writeHead(404).end(JSON.stringify({ message: 'Not Found', status: '404' }));
  });
  const url = await listen(server, host, port);
  await escapePoint('releases:start');
  return { name: 'releases', url, stop: () => closeServer(server) };
}
