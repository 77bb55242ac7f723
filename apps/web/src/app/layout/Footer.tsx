import { appConfig } from '../../lib/shell/config.ts';
import { useEndpointStore } from '../../lib/stores/endpoint-store.ts';
import { useLatestRelease } from './latest-release.ts';

interface FooterLink {
  label: string;
  href: string;
}

function linkGroups(endpoint: string): { title: string; links: FooterLink[] }[] {
  return [
    { title: 'Services', links: [{ label: 'Sensors map', href: 'https://sensors.social' }] },
    {
      title: 'Tokenomics',
      links: [
        { label: 'About XRT', href: 'https://robonomics.network/xrt/' },
        {
          label: 'Uniswap',
          href: 'https://app.uniswap.org/#/swap?inputCurrency=0x7de91b204c1c737bcee6f000aaa6569cf7061cb7&outputCurrency=0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
        },
        { label: 'Basilisk', href: 'https://app.basilisk.cloud/pools-and-farms' },
      ],
    },
    {
      title: 'Tools',
      links: [
        {
          // Follows the endpoint in use, so the portal opens the network the app is on now.
          label: 'Substrate Portal',
          href: `https://polkadot.js.org/apps/?rpc=${encodeURIComponent(endpoint)}#/explorer`,
        },
        { label: 'Subscan', href: 'https://robonomics.subscan.io/' },
        { label: 'Polkassembly', href: 'https://robonomics.polkassembly.io/' },
      ],
    },
    {
      title: 'Help',
      links: [
        { label: 'GitHub', href: 'https://github.com/airalab/robonomics.app' },
        { label: 'Wiki', href: 'https://wiki.robonomics.network/' },
        { label: 'Academy', href: 'https://robonomics.academy/' },
        { label: 'Contacts', href: 'https://robonomics.network/contact/' },
        { label: 'Issues', href: 'https://github.com/airalab/robonomics.app/issues' },
      ],
    },
  ];
}

function LatestReleaseLine() {
  const release = useLatestRelease(appConfig.releasesUrl);
  return (
    <p className="small" data-testid="latest-release">
      Latest release: {release.status === 'loading' && <span className="muted">loading…</span>}
      {release.status === 'failed' && (
        <span className="error">
          {release.tooLarge
            ? 'could not be loaded (the releases API sent more than a release can be)'
            : 'could not be loaded'}
        </span>
      )}
      {release.status === 'loaded' && (
        <a href={release.release.htmlUrl} target="_blank" rel="noopener noreferrer">
          {[release.release.tagName, release.release.name].filter(Boolean).join(' ')}
        </a>
      )}
    </p>
  );
}

export function Footer() {
  const endpoint = useEndpointStore((s) => s.endpoint);
  return (
    <footer className="footer">
      <div className="footer-groups">
        {linkGroups(endpoint).map((group) => (
          <section key={group.title} aria-labelledby={`footer-${group.title}`}>
            <h2 id={`footer-${group.title}`} className="footer-title">
              {group.title}
            </h2>
            <ul className="plain-list footer-links">
              {group.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="footer-bottom">
        <p className="small muted">Secured by Polkadot</p>
        <LatestReleaseLine />
      </div>
    </footer>
  );
}
