import type { IncomingMessage } from 'node:http';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SETUP_ERROR_TEXT } from '@robonomics-dapp/robonomics/home-assistant/setup-file/integration';
import { afterEach, describe, expect, it } from 'vitest';
import { createBoundedServer, HTTP_TIMEOUTS } from '../../http/limits.ts';
import type { SetupInput } from './integration-flow.ts';
import {
  type AdoptOutcome,
  createSetupPage,
  escapeHtml,
  mayUsePage,
  renderAborted,
  renderConfStep,
  renderCreated,
  renderManualStep,
  renderRunning,
  renderUserStep,
  SETUP_TEXT,
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
  it('starts with the integration acknowledgements, two boxes to tick', () => {
    const html = renderUserStep();
    expect(html).toContain('data-flow-step="user"');
    expect(html).toContain('To use Robonomics Integration you shoul know the following:');
    for (const [name, text] of [
      ['warn_data_sending', SETUP_TEXT.warnDataSending],
      ['warn_account_managment', SETUP_TEXT.warnAccountManagment],
    ]) {
      expect(html).toMatch(
        new RegExp(
          `<label class="check" for="${name}"><input id="${name}" name="${name}" type="checkbox" value="on"> ${text}</label>`,
        ),
      );
    }
    expect(html).toContain('<input type="hidden" name="step" value="user">');
    const refused = renderUserStep({
      flowId: 'F1',
      error: { key: 'warnings', reason: 'Tick both.' },
    });
    expect(refused).toContain('data-error-key="warnings"');
    expect(refused).toContain('You should tick all points before using Robonomics Integration');
    expect(refused).toContain('<input type="hidden" name="flow_id" value="F1">');
  });

  it('asks for the setup file and its password in the integration words', () => {
    const html = renderConfStep('F1');
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
    const html = renderConfStep('F1', { key: 'wrong_password', reason: 'Use <the> password.' });
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
    const home = {
      controller: '4Fx',
      owner: '4Gz',
      peerId: '12D3KooWPeer',
      addresses: ['/ip4/127.0.0.1/tcp/1/ws/p2p/R/p2p-circuit/p2p/12D3KooWPeer'],
    };
    const created = renderCreated(home);
    expect(created).toContain('Success! Created configuration for Robonomics.');
    for (const text of ['4Fx', '4Gz', '12D3KooWPeer', '/p2p-circuit/p2p/12D3KooWPeer']) {
      expect(created).toContain(text);
    }
    // The same file for the home it runs: information, not an error.
    const running = renderRunning(home, '2026-11-29T03:41:07.123Z');
    expect(running).toContain('data-flow-step="running"');
    expect(running).toMatch(
      /<div class="info" role="status">\n<p>Robonomics already runs this home since 2026-11-29 03:41:07 UTC: this file names its controller and its owner\. Nothing was changed\.<\/p>/,
    );
    expect(running).not.toContain('role="alert"');
    const aborted = renderAborted('The controller 4Fx already runs a home.');
    expect(aborted).toContain('data-error-key="already_configured"');
    expect(aborted).toContain('Robonomics is already configured');
  });
});

describe('the flow, posted as a browser posts it', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  /** A setup page behind a server with the devnet's bounds, its idle timeout `idleMs`. */
  async function serve(adopt: (input: SetupInput) => Promise<AdoptOutcome>, idleMs: number) {
    const handle = createSetupPage({ adopt, appOrigins: [], log: () => {} });
    const server = createBoundedServer(
      (req, res) => {
        void handle(req, res);
      },
      { ...HTTP_TIMEOUTS, idleMs },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** One request on its own connection: its status, Location and body, or how it ended. */
  function send(
    base: string,
    path: string,
    body?: { type: string; data: Buffer | string },
  ): Promise<{ status: number; location?: string; text: string } | { dropped: string }> {
    return new Promise((resolve) => {
      const req = request(`${base}${path}`, {
        method: body ? 'POST' : 'GET',
        agent: false,
        headers: body
          ? { 'content-type': body.type, 'content-length': Buffer.byteLength(body.data) }
          : {},
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode!, location: res.headers.location, text }),
        );
      });
      req.on('error', (error) => resolve({ dropped: error.message }));
      req.end(body?.data);
    });
  }

  const form = (fields: Record<string, string>) => ({
    type: 'application/x-www-form-urlencoded',
    data: new URLSearchParams(fields).toString(),
  });

  function multipart(fields: Record<string, string>) {
    const boundary = 'x-boundary-1';
    const parts = Object.entries(fields).map(([name, value]) =>
      name === 'file'
        ? `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="setup.json"\r\ncontent-type: application/json\r\n\r\n${value}\r\n`
        : `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    return {
      type: `multipart/form-data; boundary=${boundary}`,
      data: `${parts.join('')}--${boundary}--\r\n`,
    };
  }

  const home = { controller: '4Fx', owner: '4Gz', peerId: '12D3KooWPeer', addresses: [] };

  it('refuses the file step until both points are ticked', async () => {
    const base = await serve(async () => ({ kind: 'created', home }), 30_000);
    const one = await send(base, SETUP_URL, form({ step: 'user', warn_data_sending: 'on' }));
    expect(one).toMatchObject({ status: 303 });
    const refused = await send(base, (one as { location: string }).location);
    expect(refused).toMatchObject({ status: 200 });
    expect((refused as { text: string }).text).toContain('data-error-key="warnings"');
    const flowId = /flow_id=([0-9A-Z]+)/.exec((one as { location: string }).location)![1]!;
    // A file posted to a flow still at the acknowledgements is not read.
    const early = await send(
      base,
      SETUP_URL,
      multipart({ flow_id: flowId, file: '{}', password: '' }),
    );
    expect(early).toMatchObject({ status: 303 });
    const still = await send(base, (early as { location: string }).location);
    expect((still as { text: string }).text).toContain('data-flow-step="user"');
    const both = await send(
      base,
      SETUP_URL,
      form({
        step: 'user',
        flow_id: flowId,
        warn_data_sending: 'on',
        warn_account_managment: 'on',
      }),
    );
    const conf = await send(base, (both as { location: string }).location);
    expect((conf as { text: string }).text).toContain('data-flow-step="conf"');
  });

  it('answers a step that takes longer than the idle timeout, runs it once, and a reload does not run it again', async () => {
    // A step slower than the connection's idle timeout: the connection used to close before
    // the answer, and a browser then sends the post again on a new one (that second post met
    // "already configured" while the first had set the home up).
    const idleMs = 300;
    const inputs: SetupInput[] = [];
    const base = await serve(async (input) => {
      inputs.push(input);
      await new Promise((resolve) => setTimeout(resolve, idleMs * 3));
      return { kind: 'created', home };
    }, idleMs);
    const acks = await send(
      base,
      SETUP_URL,
      form({ step: 'user', warn_data_sending: 'on', warn_account_managment: 'on' }),
    );
    const flowId = /flow_id=([0-9A-Z]+)/.exec((acks as { location: string }).location)![1]!;
    const file = multipart({ flow_id: flowId, file: '{"owner": "4Gz"}', password: 'pw' });
    // A double click: the same step posted twice at once.
    const [first, second] = await Promise.all([
      send(base, SETUP_URL, file),
      send(base, SETUP_URL, file),
    ]);
    expect(first).toMatchObject({ status: 303, location: `${SETUP_URL}&flow_id=${flowId}` });
    expect(second).toMatchObject({ status: 303, location: `${SETUP_URL}&flow_id=${flowId}` });
    expect(inputs).toHaveLength(1);
    // The page after the redirect, and a reload of it: the success, without a step run.
    for (let i = 0; i < 2; i++) {
      const shown = await send(base, `${SETUP_URL}&flow_id=${flowId}`);
      expect(shown).toMatchObject({ status: 200 });
      expect((shown as { text: string }).text).toContain(SETUP_TEXT.created);
    }
    expect(inputs).toHaveLength(1);
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
