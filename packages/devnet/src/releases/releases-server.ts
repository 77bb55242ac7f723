import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceHandle } from '../options.ts';

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
 * JSON shape, anything else with GitHub's 404 body. CORS is open as on api.github.com.
 */
export async function startReleasesServer(
  host: string,
  port: number,
  release: ReleaseInfo = devnetRelease,
): Promise<ServiceHandle> {
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('content-type', 'application/json; charset=utf-8');
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'GET, OPTIONS');
      res.writeHead(204).end();
      return;
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && path === LATEST_RELEASE_PATH) {
      res.writeHead(200).end(JSON.stringify(release));
      return;
    }
    res.writeHead(404).end(JSON.stringify({ message: 'Not Found', status: '404' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    name: 'releases',
    url: `http://${host}:${boundPort}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
