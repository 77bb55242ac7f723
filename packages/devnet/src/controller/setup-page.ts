import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ALREADY_CONFIGURED_TEXT,
  type IntegrationSettings,
  SETUP_ERROR_TEXT,
  type SetupErrorKey,
} from '@robonomics-dapp/robonomics/home-assistant/setup-file';
import { BodyTooLargeError, closeAfterAnswer, readBody, skipBody } from '../http/limits.ts';
import { originOf } from '../http/origins.ts';
import { ulid } from './ha-auth.ts';
import type { ManualEntry, SetupInput } from './integration-flow.ts';

/**
 * The Robonomics integration's setup page on Home Assistant's HTTP port, at HA's own address for
 * adding an integration (docs/home-assistant.md, "Adding a home"): server-rendered HTML without
 * scripts, in the integration's words. The "conf" step posts the setup file and its password as
 * multipart/form-data; when the file lacks the controller's key or the owner, the "manual" step
 * posts them urlencoded, with the flow id that carries what the file gave.
 */

export const SETUP_PATH = '/config/integrations/dashboard/add';
export const SETUP_DOMAIN = 'robonomics';
export const SETUP_URL = `${SETUP_PATH}?domain=${SETUP_DOMAIN}`;

/** The integration's texts (translations/en.json), word for word, its typo included. */
export const SETUP_TEXT = {
  title: 'Robonomics',
  confDescription: 'Upload the file with setup settings from the Robonomics App',
  file: 'Setup File',
  password: 'Controller Password',
  manualDescription: "Provided file don'contain the setup settings. You can enter them manually.",
  seed: 'Controller Private Key',
  owner: 'RWS Owner Address',
  network: 'Network',
  submit: 'Submit',
  created: 'Success! Created configuration for Robonomics.',
} as const;

export const NETWORK_OPTIONS = [
  { value: 'kusama', label: 'Kusama Parachain' },
  { value: 'polkadot', label: 'Polkadot Parachain' },
] as const;

export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

/** The largest conf post (the file and the password) and manual post. */
const MAX_CONF_BYTES = 1024 * 1024;
const MAX_MANUAL_BYTES = 64 * 1024;
/** A form has a few fields; more is not one of ours. */
const MAX_FIELDS = 8;
/** Flows waiting for their manual step: the oldest go first beyond this. */
const MAX_FLOWS = 100;
const FLOW_TTL_MS = 10 * 60_000;

export interface PageError {
  key: SetupErrorKey | 'already_configured';
  reason: string;
}

/** A home as the success page names it. */
export interface CreatedHome {
  controller: string;
  owner: string;
  peerId: string;
  addresses: readonly string[];
}

/** What the devnet's Home Assistant makes of one step's input. */
export type AdoptOutcome =
  | { kind: 'created'; home: CreatedHome }
  | { kind: 'already_configured'; controller: string; reason: string }
  | { kind: 'manual'; settings: IntegrationSettings; missing: string }
  | { kind: 'failed'; key: SetupErrorKey; reason: string };

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#fafafa;color:#212121}
main{max-width:36rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.2)}
h1{font-size:1.5rem;margin-top:0}label{display:block;font-weight:600;margin:1rem 0 .25rem}
input,select{font:inherit;width:100%;box-sizing:border-box;padding:.5rem}
button{font:inherit;margin-top:1.25rem;padding:.5rem 1.5rem;background:#03a9f4;color:#fff;border:0;border-radius:4px}
.error{border-left:4px solid #db4437;background:#fdecea;padding:.5rem 1rem}.error p{margin:.25rem 0}
.hint{color:#555;font-size:.9rem}dd{margin:0 0 .75rem;word-break:break-all;font-family:monospace}`;

function page(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${SETUP_TEXT.title} – Home Assistant</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${SETUP_TEXT.title}</h1>
${body}
</main>
</body>
</html>
`;
}

function errorBlock(error: PageError | undefined): string {
  if (!error) return '';
  const text =
    error.key === 'already_configured' ? ALREADY_CONFIGURED_TEXT : SETUP_ERROR_TEXT[error.key];
  return `<div class="error" role="alert" data-error-key="${escapeHtml(error.key)}">
<p>${escapeHtml(text)}</p>
<p>${escapeHtml(error.reason)}</p>
</div>
`;
}

const formAction = escapeHtml(SETUP_URL);

/** The conf step: the setup file and its password. */
export function renderConfStep(error?: PageError): string {
  return page(`<p>${SETUP_TEXT.confDescription}</p>
${errorBlock(error)}<form method="post" action="${formAction}" enctype="multipart/form-data">
<label for="file">${SETUP_TEXT.file}</label>
<input id="file" name="file" type="file" accept=".json,application/json" required>
<label for="password">${SETUP_TEXT.password}</label>
<input id="password" name="password" type="password" autocomplete="off">
<button type="submit">${SETUP_TEXT.submit}</button>
</form>`);
}

export interface ManualStepView {
  flowId: string;
  /** What the file lacked, in our words. */
  missing: string;
  /** The file gave a key / an owner: the field may stay empty. */
  hasSeed: boolean;
  hasOwner: boolean;
  error?: PageError;
}

/** The manual step: the controller's key, the owner and the network by hand. */
export function renderManualStep(view: ManualStepView): string {
  const keep = (given: boolean, what: string) =>
    given
      ? `\n<p class="hint" id="${what}-hint">Leave it empty to keep the one from the file.</p>`
      : '';
  const describedBy = (given: boolean, what: string) =>
    given ? ` aria-describedby="${what}-hint"` : ' required';
  const options = NETWORK_OPTIONS.map(
    (o) =>
      `<option value="${o.value}"${o.value === 'polkadot' ? ' selected' : ''}>${o.label}</option>`,
  ).join('\n');
  return page(`<p>${SETUP_TEXT.manualDescription}</p>
<p class="hint">The file lacks ${escapeHtml(view.missing)}.</p>
${errorBlock(view.error)}<form method="post" action="${formAction}" enctype="application/x-www-form-urlencoded">
<input type="hidden" name="flow_id" value="${escapeHtml(view.flowId)}">
<label for="seed">${SETUP_TEXT.seed}</label>
<input id="seed" name="seed" type="password" autocomplete="off"${describedBy(view.hasSeed, 'seed')}>${keep(view.hasSeed, 'seed')}
<label for="owner">${SETUP_TEXT.owner}</label>
<input id="owner" name="owner" type="text" autocomplete="off" spellcheck="false"${describedBy(view.hasOwner, 'owner')}>${keep(view.hasOwner, 'owner')}
<label for="network">${SETUP_TEXT.network}</label>
<select id="network" name="network">
${options}
</select>
<button type="submit">${SETUP_TEXT.submit}</button>
</form>`);
}

/** The flow's end: the home Home Assistant now runs. */
export function renderCreated(home: CreatedHome): string {
  const addresses = home.addresses.length
    ? home.addresses.map((a) => `<dd>${escapeHtml(a)}</dd>`).join('\n')
    : '<dd>none yet</dd>';
  return page(`<p role="status">${SETUP_TEXT.created}</p>
<dl>
<dt>Controller</dt>
<dd>${escapeHtml(home.controller)}</dd>
<dt>Owner</dt>
<dd>${escapeHtml(home.owner)}</dd>
<dt>Proxy peer id</dt>
<dd>${escapeHtml(home.peerId || 'not known yet')}</dd>
<dt>Proxy addresses</dt>
${addresses}
</dl>
<p><a href="${formAction}">Add another home</a></p>`);
}

/** The flow aborted: Robonomics runs for that controller already. */
export function renderAborted(reason: string): string {
  return page(
    `${errorBlock({ key: 'already_configured', reason })}<p><a href="${formAction}">Add another home</a></p>`,
  );
}

function renderMessage(text: string): string {
  return page(`<p role="alert">${escapeHtml(text)}</p>`);
}

function sendPage(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'content-security-policy': PAGE_CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  });
  res.end(html);
}

/**
 * The page belongs to Home Assistant, opened by the user's browser: requests without an Origin
 * (navigation, tools), HA's own pages and the app's are served. A form of HA's own page may
 * arrive with `Origin: null` (a no-referrer policy); that counts only when the browser says the
 * request is same-origin (`Sec-Fetch-Site: same-origin`), so a sandboxed frame of another site
 * cannot post here. Without that header nothing tells the two apart: a browser that sends
 * `Origin` also sends `Sec-Fetch-Site` (every current one), so `null` without it is refused.
 */
export function mayUsePage(req: IncomingMessage, appOrigins: readonly string[]): boolean {
  const origin = originOf(req);
  if (origin === undefined) return true;
  const port = req.socket?.localPort;
  if (origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`) return true;
  if (appOrigins.includes(origin)) return true;
  if (origin === 'null') return req.headers['sec-fetch-site'] === 'same-origin';
  return false;
}

interface Flow {
  settings: IntegrationSettings;
  missing: string;
  created: number;
}

export interface SetupPageOptions {
  /** Runs the integration's steps on one post's input. */
  adopt(input: SetupInput): Promise<AdoptOutcome>;
  appOrigins: readonly string[];
  log(message: string): void;
}

class PageProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The setup page's handler for HA's HTTP server: answers its own URL and returns true, or
 * returns false for any other path. Flows live in memory only (they hold the controller's seed).
 */
export function createSetupPage(options: SetupPageOptions) {
  const flows = new Map<string, Flow>();

  const prune = () => {
    const now = Date.now();
    for (const [id, flow] of flows) {
      if (now - flow.created > FLOW_TTL_MS || flows.size > MAX_FLOWS) flows.delete(id);
    }
  };

  const flowOf = (id: string | null): Flow | undefined => {
    prune();
    return id ? flows.get(id) : undefined;
  };

  const manualView = (flowId: string, flow: Flow, error?: PageError): string =>
    renderManualStep({
      flowId,
      missing: flow.missing,
      hasSeed: flow.settings.seed !== undefined,
      hasOwner: typeof flow.settings.owner === 'string' && flow.settings.owner !== '',
      error,
    });

  /** The answer to an outcome; `flowId` when it came from a manual step. */
  const answer = (res: ServerResponse, outcome: AdoptOutcome, flowId?: string) => {
    if (outcome.kind === 'created') {
      if (flowId) flows.delete(flowId);
      const { home } = outcome;
      options.log(`Robonomics set up from the setup page for ${home.controller}`);
      return sendPage(res, 201, renderCreated(home));
    }
    if (outcome.kind === 'already_configured') {
      if (flowId) flows.delete(flowId);
      return sendPage(res, 409, renderAborted(outcome.reason));
    }
    if (outcome.kind === 'manual') {
      prune();
      while (flows.size >= MAX_FLOWS) flows.delete(flows.keys().next().value!);
      const id = ulid();
      const flow = { settings: outcome.settings, missing: outcome.missing, created: Date.now() };
      flows.set(id, flow);
      return sendPage(res, 200, manualView(id, flow));
    }
    const error = { key: outcome.key, reason: outcome.reason };
    const flow = flowId ? flows.get(flowId) : undefined;
    return sendPage(res, 422, flow ? manualView(flowId!, flow, error) : renderConfStep(error));
  };

  const read = async (req: IncomingMessage, limit: number): Promise<Buffer> => {
    try {
      return await readBody(req, limit);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        throw new PageProblem(413, `The form is larger than ${limit / 1024} KB.`);
      }
      throw error;
    }
  };

  const confStep = async (req: IncomingMessage, res: ServerResponse, contentType: string) => {
    const body = await read(req, MAX_CONF_BYTES);
    let form: FormData;
    try {
      // Node's own multipart parser (undici), on a body already bounded above.
      form = await new Request('http://home-assistant.invalid/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: Uint8Array.from(body),
      }).formData();
    } catch {
      throw new PageProblem(400, 'The form could not be read (malformed multipart/form-data).');
    }
    let count = 0;
    form.forEach(() => {
      count += 1;
    });
    if (count > MAX_FIELDS) throw new PageProblem(400, 'The form has too many fields.');
    const file = form.get('file');
    const password = form.get('password');
    let content: string | Uint8Array | undefined;
    if (typeof file === 'string') content = file;
    else if (file && (file.size > 0 || file.name !== '')) {
      content = new Uint8Array(await file.arrayBuffer());
    }
    if (content === undefined) {
      return answer(res, {
        kind: 'failed',
        key: 'file_not_found',
        reason: 'No file was uploaded: choose the setup file the Robonomics app gave you.',
      });
    }
    const outcome = await options.adopt({
      file: content,
      password: typeof password === 'string' ? password : '',
    });
    return answer(res, outcome);
  };

  const manualStep = async (req: IncomingMessage, res: ServerResponse) => {
    const fields = new URLSearchParams((await read(req, MAX_MANUAL_BYTES)).toString('utf8'));
    if ([...fields.keys()].length > MAX_FIELDS)
      throw new PageProblem(400, 'The form has too many fields.');
    const flowId = fields.get('flow_id');
    const flow = flowOf(flowId);
    if (!flow) {
      return answer(res, {
        kind: 'failed',
        key: 'file_not_found',
        reason:
          'This setup is unknown or older than 10 minutes (it is kept in memory only): upload the file again.',
      });
    }
    const entry: ManualEntry = {
      seed: fields.get('seed') ?? '',
      owner: fields.get('owner') ?? '',
      network: fields.get('network') ?? '',
    };
    const outcome = await options.adopt({ manual: entry, carried: flow.settings });
    return answer(res, outcome, flowId!);
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== SETUP_PATH) return false;
    try {
      if (!mayUsePage(req, options.appOrigins)) {
        skipBody(req, res);
        sendPage(
          res,
          403,
          renderMessage(
            "This page of Home Assistant takes requests only from Home Assistant's own pages and the app's.",
          ),
        );
        return true;
      }
      if (url.searchParams.get('domain') !== SETUP_DOMAIN) {
        skipBody(req, res);
        sendPage(
          res,
          404,
          renderMessage(
            `No integration "${url.searchParams.get('domain') ?? ''}" here: this Home Assistant adds ${SETUP_URL}.`,
          ),
        );
        return true;
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        req.resume();
        sendPage(res, 200, renderConfStep());
        return true;
      }
      if (req.method !== 'POST') {
        skipBody(req, res);
        res.setHeader('allow', 'GET, POST');
        sendPage(res, 405, renderMessage('Use GET or POST.'));
        return true;
      }
      const contentType = req.headers['content-type'] ?? '';
      if (/^multipart\/form-data\s*;/i.test(contentType)) await confStep(req, res, contentType);
      else if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType)) {
        await manualStep(req, res);
      } else {
        skipBody(req, res);
        sendPage(
          res,
          415,
          renderMessage('Post the conf step as multipart/form-data, the manual step urlencoded.'),
        );
      }
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return true;
      }
      if (error instanceof PageProblem) {
        if (error.status === 413) closeAfterAnswer(req, res);
        sendPage(res, error.status, renderMessage(error.message));
        return true;
      }
      options.log(`the setup page failed: ${(error as Error).message}`);
      sendPage(res, 500, renderConfStep({ key: 'unknown', reason: (error as Error).message }));
    }
    return true;
  };
}
