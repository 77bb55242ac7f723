import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEVNET_PLAYS } from '@robonomics-dapp/robonomics/home-assistant/setup-file/format';
import {
  ALREADY_CONFIGURED_TEXT,
  type IntegrationSettings,
  SETUP_ERROR_TEXT,
  type SetupErrorKey,
} from '@robonomics-dapp/robonomics/home-assistant/setup-file/integration';
import { BodyTooLargeError, closeAfterAnswer, readBody, skipBody } from '../../http/limits.ts';
import { originOf } from '../../http/origins.ts';
import { ulid } from '../ha-api/ha-auth.ts';
import type { ManualEntry, SetupInput } from './integration-flow.ts';

/**
 * The Robonomics integration's config flow on Home Assistant's HTTP port, at HA's own address
 * for adding an integration (docs/home-assistant.md, "Adding a home"): server-rendered HTML
 * without scripts, in the integration's words, step by step as its config_flow.py runs them:
 *
 *   user    two acknowledgements (both ticked, else the `warnings` error)
 *   conf    the setup file and its password (multipart/form-data)
 *   manual  the controller's key, the owner and the network, when the file lacks them
 *
 * Every post answers 303 See Other to the flow's own page (Post/Redirect/Get): a reload shows
 * the flow where it is and never posts again, and a second post of a step already taken (a
 * double click) lands on the same page. A flow lives in memory only (it holds the seed until
 * its end).
 */

export const SETUP_PATH = '/config/integrations/dashboard/add';
export const SETUP_DOMAIN = 'robonomics';
export const SETUP_URL = `${SETUP_PATH}?domain=${SETUP_DOMAIN}`;

/** The integration's texts (translations/en.json), word for word, its typos included. */
export const SETUP_TEXT = {
  title: 'Robonomics',
  userDescription: 'To use Robonomics Integration you shoul know the following:',
  warnDataSending:
    'Integration will store your encrypted data in IPFS local node and save the CID in Robonomics blockchain.',
  warnAccountManagment:
    'Integration will be able to create or delete Home Assistant users based on the list of your Robonomics subscription devices.',
  warnings: 'You should tick all points before using Robonomics Integration',
  confDescription: 'Upload the file with setup settings from the Robonomics App',
  file: 'Setup File',
  password: 'Controller Password',
  manualDescription: "Provided file don'contain the setup settings. You can enter them manually.",
  seed: 'Controller Private Key',
  owner: 'RWS Owner Address',
  network: 'Network',
  submit: 'Submit',
  /** Home Assistant's own words when a config flow creates its entry. */
  created: 'Success! Created configuration for Robonomics.',
} as const;

export const NETWORK_OPTIONS = [
  { value: 'kusama', label: 'Kusama Parachain' },
  { value: 'polkadot', label: 'Polkadot Parachain' },
] as const;

export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

/** The largest conf post (the file and the password), and the user and manual posts. */
const MAX_CONF_BYTES = 1024 * 1024;
const MAX_FORM_BYTES = 64 * 1024;
/** A form has a few fields; more is not one of ours. */
const MAX_FIELDS = 8;
/** Flows kept: the oldest go first beyond this. */
const MAX_FLOWS = 100;
/** A flow not finished within this is forgotten (it holds the seed while under way). */
const FLOW_TTL_MS = 10 * 60_000;
/** A finished flow (no secret left in it) still answers a reload of its page this long. */
const FINISHED_TTL_MS = 24 * 60 * 60_000;
/**
 * How long a post may wait for its step, the connection kept open meanwhile: a step reads the
 * chain (15 s at most per read) and starts a home (its proxy's hello, 10 s at most).
 */
const STEP_MS = 120_000;

/** What the page shows in red: an integration error, or the flow's abort. */
export interface PageError {
  key: SetupErrorKey | 'warnings' | 'already_configured';
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
  /** The same controller and owner: the home runs here already, nothing changes. */
  | { kind: 'running'; home: CreatedHome; since: string | null }
  /** The controller runs a home here for another owner. */
  | { kind: 'already_configured'; controller: string; reason: string }
  | { kind: 'manual'; settings: IntegrationSettings; missing: string }
  | { kind: 'failed'; key: SetupErrorKey; reason: string };

/** Where a flow stands. */
export type FlowState =
  | { step: 'user'; error?: PageError }
  | { step: 'conf'; error?: PageError }
  | { step: 'manual'; settings: IntegrationSettings; missing: string; error?: PageError }
  /** A step under way (a post waits for it). */
  | { step: 'busy'; from: 'conf' | 'manual' }
  | { step: 'created'; home: CreatedHome }
  | { step: 'running'; home: CreatedHome; since: string | null }
  | { step: 'aborted'; reason: string };

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
label.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400}label.check input{width:auto;margin-top:.2rem}
input,select{font:inherit;width:100%;box-sizing:border-box;padding:.5rem}
button{font:inherit;margin-top:1.25rem;padding:.5rem 1.5rem;background:#03a9f4;color:#fff;border:0;border-radius:4px}
.error{border-left:4px solid #db4437;background:#fdecea;padding:.5rem 1rem}.error p{margin:.25rem 0}
.info{border-left:4px solid #039be5;background:#e1f5fe;padding:.5rem 1rem}.info p{margin:.25rem 0}
.hint{color:#555;font-size:.9rem}dd{margin:0 0 .75rem;word-break:break-all;font-family:monospace}`;

function page(step: FlowState['step'] | 'message', body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">${head}
<title>${SETUP_TEXT.title} – Home Assistant</title>
<style>${STYLE}</style>
</head>
<body>
<main data-flow-step="${step}">
<h1>${SETUP_TEXT.title}</h1>
${body}
</main>
</body>
</html>
`;
}

function errorText(key: PageError['key']): string {
  if (key === 'already_configured') return ALREADY_CONFIGURED_TEXT;
  if (key === 'warnings') return SETUP_TEXT.warnings;
  return SETUP_ERROR_TEXT[key];
}

function errorBlock(error: PageError | undefined): string {
  if (!error) return '';
  return `<div class="error" role="alert" data-error-key="${escapeHtml(error.key)}">
<p>${escapeHtml(errorText(error.key))}</p>
<p>${escapeHtml(error.reason)}</p>
</div>
`;
}

const formAction = escapeHtml(SETUP_URL);
const flowField = (flowId: string) =>
  `<input type="hidden" name="flow_id" value="${escapeHtml(flowId)}">`;
const anotherHome = `<p><a href="${formAction}">Add another home</a></p>`;

/** The user step: the integration's two acknowledgements. */
export function renderUserStep(view: { flowId?: string; error?: PageError } = {}): string {
  const box = (name: string, text: string) =>
    `<label class="check" for="${name}"><input id="${name}" name="${name}" type="checkbox" value="on"> ${text}</label>`;
  return page(
    'user',
    `<p>${SETUP_TEXT.userDescription}</p>
${errorBlock(view.error)}<form method="post" action="${formAction}" enctype="application/x-www-form-urlencoded">
<input type="hidden" name="step" value="user">${view.flowId ? `\n${flowField(view.flowId)}` : ''}
${box('warn_data_sending', SETUP_TEXT.warnDataSending)}
${box('warn_account_managment', SETUP_TEXT.warnAccountManagment)}
<button type="submit">${SETUP_TEXT.submit}</button>
</form>`,
  );
}

/** The conf step: the setup file and its password. */
export function renderConfStep(flowId: string, error?: PageError): string {
  return page(
    'conf',
    `<p>${SETUP_TEXT.confDescription}</p>
${errorBlock(error)}<form method="post" action="${formAction}" enctype="multipart/form-data">
${flowField(flowId)}
<label for="file">${SETUP_TEXT.file}</label>
<input id="file" name="file" type="file" accept=".json,application/json" required>
<label for="password">${SETUP_TEXT.password}</label>
<input id="password" name="password" type="password" autocomplete="off">
<button type="submit">${SETUP_TEXT.submit}</button>
</form>`,
  );
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
      `<option value="${o.value}"${o.value === DEVNET_PLAYS ? ' selected' : ''}>${o.label}</option>`,
  ).join('\n');
  return page(
    'manual',
    `<p>${SETUP_TEXT.manualDescription}</p>
<p class="hint">The file lacks ${escapeHtml(view.missing)}.</p>
${errorBlock(view.error)}<form method="post" action="${formAction}" enctype="application/x-www-form-urlencoded">
<input type="hidden" name="step" value="manual">
${flowField(view.flowId)}
<label for="seed">${SETUP_TEXT.seed}</label>
<input id="seed" name="seed" type="password" autocomplete="off"${describedBy(view.hasSeed, 'seed')}>${keep(view.hasSeed, 'seed')}
<label for="owner">${SETUP_TEXT.owner}</label>
<input id="owner" name="owner" type="text" autocomplete="off" spellcheck="false"${describedBy(view.hasOwner, 'owner')}>${keep(view.hasOwner, 'owner')}
<label for="network">${SETUP_TEXT.network}</label>
<select id="network" name="network">
${options}
</select>
<button type="submit">${SETUP_TEXT.submit}</button>
</form>`,
  );
}

function homeFacts(home: CreatedHome): string {
  const addresses = home.addresses.length
    ? home.addresses.map((a) => `<dd>${escapeHtml(a)}</dd>`).join('\n')
    : '<dd>none yet</dd>';
  return `<dl>
<dt>Controller</dt>
<dd>${escapeHtml(home.controller)}</dd>
<dt>Owner</dt>
<dd>${escapeHtml(home.owner)}</dd>
<dt>Proxy peer id</dt>
<dd>${escapeHtml(home.peerId || 'not known yet')}</dd>
<dt>Proxy addresses</dt>
${addresses}
</dl>`;
}

/** The flow's end: the home Home Assistant now runs. */
export function renderCreated(home: CreatedHome): string {
  return page(
    'created',
    `<p role="status">${SETUP_TEXT.created}</p>
${homeFacts(home)}
${anotherHome}`,
  );
}

/** The same file again, for the home Home Assistant already runs: information, nothing changed. */
export function renderRunning(home: CreatedHome, since: string | null): string {
  const when = since
    ? ` since ${escapeHtml(since.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}`
    : '';
  return page(
    'running',
    `<div class="info" role="status">
<p>Robonomics already runs this home${when}: this file names its controller and its owner. Nothing was changed.</p>
</div>
${homeFacts(home)}
${anotherHome}`,
  );
}

/** The flow aborted: the controller runs a home for another owner here. */
export function renderAborted(reason: string): string {
  return page('aborted', `${errorBlock({ key: 'already_configured', reason })}${anotherHome}`);
}

/** A step under way, seen from another tab: the page looks again every two seconds. */
export function renderBusy(): string {
  return page(
    'busy',
    '<p role="status">Home Assistant is setting up Robonomics…</p>',
    '\n<meta http-equiv="refresh" content="2">',
  );
}

function renderMessage(text: string): string {
  return page('message', `<p role="alert">${escapeHtml(text)}</p>`);
}

/** A flow's page as it stands. */
export function renderFlow(flowId: string, state: FlowState): string {
  switch (state.step) {
    case 'user':
      return renderUserStep({ flowId, error: state.error });
    case 'conf':
      return renderConfStep(flowId, state.error);
    case 'manual':
      return renderManualStep({
        flowId,
        missing: state.missing,
        hasSeed: state.settings.seed !== undefined,
        hasOwner: typeof state.settings.owner === 'string' && state.settings.owner !== '',
        error: state.error,
      });
    case 'busy':
      return renderBusy();
    case 'created':
      return renderCreated(state.home);
    case 'running':
      return renderRunning(state.home, state.since);
    case 'aborted':
      return renderAborted(state.reason);
  }
}

const HEADERS = {
  'content-security-policy': PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

function sendPage(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    ...HEADERS,
  });
  res.end(html);
}

/** The flow's page, by its id. */
export const flowUrl = (flowId: string) => `${SETUP_URL}&flow_id=${encodeURIComponent(flowId)}`;

/** Post/Redirect/Get: every post ends on the flow's page. */
function seeFlow(res: ServerResponse, flowId: string): void {
  const text = `See ${flowUrl(flowId)}\n`;
  res.writeHead(303, {
    location: flowUrl(flowId),
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...HEADERS,
  });
  res.end(text);
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
  state: FlowState;
  updated: number;
  /** The step under way, for a second post of it to wait on. */
  pending?: Promise<void>;
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

const finished = (state: FlowState) =>
  state.step === 'created' || state.step === 'running' || state.step === 'aborted';

/** Said when a post names a flow this Home Assistant does not hold. */
const UNKNOWN_FLOW: PageError = {
  key: 'file_not_found',
  reason:
    'This setup is unknown or older than 10 minutes (Home Assistant keeps it in memory only): start again.',
};

/**
 * The setup page's handler for HA's HTTP server: answers its own URL and returns true, or
 * returns false for any other path.
 */
export function createSetupPage(options: SetupPageOptions) {
  const flows = new Map<string, Flow>();

  const prune = () => {
    const now = Date.now();
    for (const [id, flow] of flows) {
      const ttl = finished(flow.state) ? FINISHED_TTL_MS : FLOW_TTL_MS;
      if (!flow.pending && now - flow.updated > ttl) flows.delete(id);
    }
  };

  const newFlow = (state: FlowState): string => {
    prune();
    while (flows.size >= MAX_FLOWS) flows.delete(flows.keys().next().value!);
    const id = ulid();
    flows.set(id, { state, updated: Date.now() });
    return id;
  };

  const flowOf = (id: string | null): Flow | undefined => {
    prune();
    return id ? flows.get(id) : undefined;
  };

  const set = (flow: Flow, state: FlowState) => {
    flow.state = state;
    flow.updated = Date.now();
  };

  /** Where an outcome leaves a flow whose step `from` was posted. */
  const stateAfter = (outcome: AdoptOutcome, from: FlowState): FlowState => {
    switch (outcome.kind) {
      case 'created':
        options.log(`Robonomics set up from the setup page for ${outcome.home.controller}`);
        return { step: 'created', home: outcome.home };
      case 'running':
        return { step: 'running', home: outcome.home, since: outcome.since };
      case 'already_configured':
        return { step: 'aborted', reason: outcome.reason };
      case 'manual':
        return { step: 'manual', settings: outcome.settings, missing: outcome.missing };
      case 'failed': {
        const error = { key: outcome.key, reason: outcome.reason };
        return from.step === 'manual' ? { ...from, error } : { step: 'conf', error };
      }
    }
  };

  /** Runs a step of a flow once: a second post of it (a double click) waits for the same work. */
  const runStep = async (flow: Flow, from: 'conf' | 'manual', input: SetupInput) => {
    const before = flow.state;
    set(flow, { step: 'busy', from });
    flow.pending = (async () => {
      try {
        set(flow, stateAfter(await options.adopt(input), before));
      } catch (error) {
        options.log(`the setup page failed: ${(error as Error).message}`);
        set(
          flow,
          stateAfter({ kind: 'failed', key: 'unknown', reason: (error as Error).message }, before),
        );
      } finally {
        flow.pending = undefined;
      }
    })();
    await flow.pending;
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

  /** A post naming a flow that is not at `step`: the flow's page, or a new flow when unknown. */
  const elsewhere = async (res: ServerResponse, flowId: string | null, flow: Flow | undefined) => {
    if (!flow) return seeFlow(res, newFlow({ step: 'user', error: UNKNOWN_FLOW }));
    await flow.pending;
    return seeFlow(res, flowId!);
  };

  const userStep = async (res: ServerResponse, fields: URLSearchParams) => {
    const flowId = fields.get('flow_id');
    const flow = flowOf(flowId);
    if (flowId && flow?.state.step !== 'user') return elsewhere(res, flowId, flow);
    // HA's form sends each box as a boolean; a box left empty is not sent at all by a browser.
    const ticked =
      fields.get('warn_data_sending') === 'on' && fields.get('warn_account_managment') === 'on';
    const state: FlowState = ticked
      ? { step: 'conf' }
      : {
          step: 'user',
          error: {
            key: 'warnings',
            reason: 'Tick both points above: they say what the integration will do.',
          },
        };
    if (flow) {
      set(flow, state);
      return seeFlow(res, flowId!);
    }
    return seeFlow(res, newFlow(state));
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
    const flowId = form.get('flow_id');
    const id = typeof flowId === 'string' ? flowId : null;
    const flow = flowOf(id);
    if (flow?.state.step !== 'conf') return elsewhere(res, id, flow);
    const file = form.get('file');
    const password = form.get('password');
    let content: string | Uint8Array | undefined;
    if (typeof file === 'string') content = file;
    else if (file && (file.size > 0 || file.name !== '')) {
      content = new Uint8Array(await file.arrayBuffer());
    }
    if (content === undefined) {
      set(flow, {
        step: 'conf',
        error: {
          key: 'file_not_found',
          reason: 'No file was uploaded: choose the setup file the Robonomics app gave you.',
        },
      });
      return seeFlow(res, id!);
    }
    await runStep(flow, 'conf', {
      file: content,
      password: typeof password === 'string' ? password : '',
    });
    return seeFlow(res, id!);
  };

  const manualStep = async (
    _req: IncomingMessage,
    res: ServerResponse,
    fields: URLSearchParams,
  ) => {
    const flowId = fields.get('flow_id');
    const flow = flowOf(flowId);
    if (flow?.state.step !== 'manual') return elsewhere(res, flowId, flow);
    const entry: ManualEntry = {
      seed: fields.get('seed') ?? '',
      owner: fields.get('owner') ?? '',
      network: fields.get('network') ?? '',
    };
    await runStep(flow, 'manual', { manual: entry, carried: flow.state.settings });
    return seeFlow(res, flowId!);
  };

  const formStep = async (req: IncomingMessage, res: ServerResponse) => {
    const fields = new URLSearchParams((await read(req, MAX_FORM_BYTES)).toString('utf8'));
    if ([...fields.keys()].length > MAX_FIELDS)
      throw new PageProblem(400, 'The form has too many fields.');
    const step = fields.get('step');
    if (step === 'user') return userStep(res, fields);
    if (step === 'manual') return manualStep(req, res, fields);
    throw new PageProblem(400, 'The form names no step of this flow (user or manual).');
  };

  const showFlow = (res: ServerResponse, flowId: string | null) => {
    if (!flowId) return sendPage(res, 200, renderUserStep());
    const flow = flowOf(flowId);
    if (!flow) return sendPage(res, 404, renderUserStep({ error: UNKNOWN_FLOW }));
    return sendPage(res, 200, renderFlow(flowId, flow.state));
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
        showFlow(res, url.searchParams.get('flow_id'));
        return true;
      }
      if (req.method !== 'POST') {
        skipBody(req, res);
        res.setHeader('allow', 'GET, POST');
        sendPage(res, 405, renderMessage('Use GET or POST.'));
        return true;
      }
      // The connection stays open for as long as a step takes (the body itself must still come
      // within the server's request timeout): a browser sends a post again, unasked, when its
      // connection closes before any answer, and that second post is what showed "already
      // configured" after one click while the first one had set the home up.
      req.socket?.setTimeout(STEP_MS);
      const contentType = req.headers['content-type'] ?? '';
      if (/^multipart\/form-data\s*;/i.test(contentType)) await confStep(req, res, contentType);
      else if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType)) {
        await formStep(req, res);
      } else {
        skipBody(req, res);
        sendPage(
          res,
          415,
          renderMessage(
            'Post the conf step as multipart/form-data, the user and manual steps urlencoded.',
          ),
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
      sendPage(res, 500, renderMessage(`Unexpected error: ${(error as Error).message}`));
    }
    return true;
  };
}
