import type { IncomingMessage } from 'node:http';
import { SETUP_ERROR_TEXT } from '@robonomics-dapp/robonomics/home-assistant/setup-file';
import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  mayUsePage,
  renderAborted,
  renderConfStep,
  renderCreated,
  renderManualStep,
  SETUP_URL,
} from './setup-page.ts';

/** The label of a field and the field it names. */
function field(html: string, label: string): string {
  const id = new RegExp(`<label for="([^"]+)">${label}</label>`).exec(html)?.[1];
  expect(id, `a label "${label}"`).toBeDefined();
  const element = new RegExp(`<(input|select)[^>]*id="${id}"[^>]*>`).exec(html)?.[0];
  expect(element, `the field of "${label}"`).toBeDefined();
  return element!;
}

describe('the setup page', () => {
  it('asks for the setup file and its password in the integration words', () => {
    const html = renderConfStep();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Robonomics</h1>');
    expect(html).toContain('Upload the file with setup settings from the Robonomics App');
    expect(field(html, 'Setup File')).toMatch(/type="file"[^>]*accept="\.json/);
    expect(field(html, 'Controller Password')).toContain('type="password"');
    expect(html).toContain('<button type="submit">Submit</button>');
    expect(html).toContain(`action="${escapeHtml(SETUP_URL)}" enctype="multipart/form-data"`);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('role="alert"');
  });

  it('shows an error as the integration text and our reason, above the form', () => {
    const html = renderConfStep({ key: 'wrong_password', reason: 'Use <the> password.' });
    const alert =
      /<div[^>]*role="alert"[^>]*data-error-key="wrong_password"[^>]*>([\s\S]*?)<\/div>/.exec(html);
    expect(alert).not.toBeNull();
    expect(alert![1]).toContain(`<p>${escapeHtml(SETUP_ERROR_TEXT.wrong_password)}</p>`);
    expect(alert![1]).toContain('<p>Use &lt;the&gt; password.</p>');
    expect(html.indexOf('role="alert"')).toBeLessThan(html.indexOf('<form'));
  });

  it('asks for the key, the owner and the network by hand when the file lacks them', () => {
    const html = renderManualStep({
      flowId: '01J"X',
      missing: "the controller's key (the file has none)",
      hasSeed: false,
      hasOwner: true,
    });
    expect(html).toContain(
      "<p>Provided file don'contain the setup settings. You can enter them manually.</p>",
    );
    expect(field(html, 'Controller Private Key')).toContain('required');
    expect(field(html, 'RWS Owner Address')).not.toContain('required');
    expect(field(html, 'Network')).toContain('name="network"');
    expect(html).toContain('<option value="kusama">Kusama Parachain</option>');
    expect(html).toContain('<option value="polkadot" selected>Polkadot Parachain</option>');
    expect(html).toContain('<input type="hidden" name="flow_id" value="01J&quot;X">');
    expect(html).toContain('enctype="application/x-www-form-urlencoded"');
  });

  it('names the home it created, and says when the controller runs one already', () => {
    const created = renderCreated({
      controller: '4Fx',
      owner: '4Gz',
      peerId: '12D3KooWPeer',
      addresses: ['/ip4/127.0.0.1/tcp/1/ws/p2p/R/p2p-circuit/p2p/12D3KooWPeer'],
    });
    expect(created).toContain('Success! Created configuration for Robonomics.');
    for (const text of ['4Fx', '4Gz', '12D3KooWPeer', '/p2p-circuit/p2p/12D3KooWPeer']) {
      expect(created).toContain(text);
    }
    const aborted = renderAborted('The controller 4Fx already runs a home.');
    expect(aborted).toContain('data-error-key="already_configured"');
    expect(aborted).toContain('Robonomics is already configured');
  });
});

describe("the page's origins", () => {
  const request = (headers: Record<string, string>) =>
    ({ headers, socket: { localPort: 8123 } }) as unknown as IncomingMessage;
  const app = ['http://127.0.0.1:5173'];

  it("serves navigation, HA's own forms and the app; refuses other sites", () => {
    expect(mayUsePage(request({}), app)).toBe(true);
    expect(mayUsePage(request({ origin: 'http://127.0.0.1:8123' }), app)).toBe(true);
    expect(mayUsePage(request({ origin: 'http://localhost:8123' }), app)).toBe(true);
    expect(mayUsePage(request({ origin: 'http://127.0.0.1:5173' }), app)).toBe(true);
    expect(mayUsePage(request({ origin: 'null', 'sec-fetch-site': 'same-origin' }), app)).toBe(
      true,
    );
    expect(mayUsePage(request({ origin: 'null', 'sec-fetch-site': 'cross-site' }), app)).toBe(
      false,
    );
    // A null origin is HA's own form only when the browser says so; without the header nothing
    // tells it from a sandboxed frame of another site.
    expect(mayUsePage(request({ origin: 'null' }), app)).toBe(false);
    for (const site of ['same-site', 'none', '', 'same-origin, cross-site']) {
      expect(mayUsePage(request({ origin: 'null', 'sec-fetch-site': site }), app), site).toBe(
        false,
      );
    }
    expect(mayUsePage(request({ origin: 'https://evil.example' }), app)).toBe(false);
    expect(mayUsePage(request({ origin: 'http://127.0.0.1:8124' }), app)).toBe(false);
  });
});
