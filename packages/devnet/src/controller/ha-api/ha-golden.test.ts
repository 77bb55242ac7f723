import { execFileSync } from 'node:child_process';
import type { HaServices } from '@robonomics-dapp/robonomics/home-assistant/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HomeStore, SAMPLE_HOME } from '../home/home.ts';
import {
  buildConfig,
  lanGuessAt,
  lanIp,
  readFixture,
  SAMPLE_DASHBOARD,
  SERVICE_CATALOGUE,
  sendingTimeout,
} from './ha-config.ts';
import { toPythonJson } from './python-json.ts';

/**
 * Golden test: the config and states the controller publishes for the sample home, compared
 * byte for byte with what Python builds from the same fixtures the way the integration does
 * (ConfigSender._format_new_config, HassStatesHelper.get_states, json.dumps).
 */

const PEER = '12D3KooWFHPTk2KZAUE3jp8ER3ntTCNXBT5xK91qC8k89TfQNhVF';
const CIRCUIT = `/ip4/127.0.0.1/tcp/9998/ws/p2p/12D3KooWHz3UXqjgnGQtozaVkfNwWZSCxT8h41FUopCfofXdwdix/p2p-circuit/p2p/${PEER}`;
const TWIN = 89;
/** The controller's first start: 2026-01-15 12:00:00.123456 UTC, in microseconds. */
const STARTED = Date.UTC(2026, 0, 15, 12, 0, 0) * 1000 + 123_456;
/** Two hours later: the sample's first two hours of history are out of the 24 h window. */
const NOW = STARTED + 2 * 3600 * 1_000_000;

const PYTHON = String.raw`
import json, re, sys
from datetime import datetime, timedelta, timezone

args = json.loads(sys.argv[1])
services_all = json.load(open(args["catalogue"]))
dashboard = json.load(open(args["dashboard"]))
home = json.load(open(args["home"]))

def micros(dt):
    return (dt - datetime(1970, 1, 1, tzinfo=timezone.utc)) // timedelta(microseconds=1)

def at(us):
    return datetime(1970, 1, 1, tzinfo=timezone.utc) + timedelta(microseconds=us)

DATE = re.compile(r"^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{6})?\+00:00$")

# The sample's history ends when the controller first starts: every date moves by one delta.
last = max(micros(datetime.fromisoformat(h["date"]))
           for e in home["entities"].values() for h in e.get("history", []))
delta = timedelta(microseconds=args["started"] - last)
def shift(value):
    if isinstance(value, str) and DATE.match(value):
        moved = datetime.fromisoformat(value) + delta
        return moved.isoformat() if "T" in value else str(moved)
    return value
for e in home["entities"].values():
    e["state"] = shift(e["state"])
    for k in list(e["attributes"]):
        e["attributes"][k] = shift(e["attributes"][k])
    for h in e.get("history", []):
        h["date"] = shift(h["date"])

# ConfigSender._get_services_json: registry order, each domain once, if it has descriptions.
services = {}
for entity_id in home["entities"]:
    platform = entity_id.split(".")[0]
    if platform not in services and platform in services_all:
        services[platform] = services_all[platform]
config = {
    "services": services,
    "dashboard": dashboard,
    "twin_id": args["twin"],
    "sending_timeout": timedelta(minutes=args["minutes"]).seconds,
    "peer_id": args["peer"],
    "libp2p_multiaddress": [args["circuit"], None],
}

# HassStatesHelper: the recorder's changes of the last 24 hours.
now = at(args["now"])
def window(history):
    return [h for h in history
            if now - timedelta(hours=24) < datetime.fromisoformat(h["date"]) <= now]
with_history = json.loads(json.dumps(home))
with_history["twin_id"] = args["twin"]
for e in with_history["entities"].values():
    e["history"] = window(e.get("history", []))
live = json.loads(json.dumps(home))
live["twin_id"] = args["twin"]
for e in live["entities"].values():
    e.pop("history", None)

print(json.dumps({
    "config": json.dumps(config),
    "states": json.dumps(with_history),
    "live": json.dumps(live),
    "timeouts": [timedelta(minutes=m).seconds for m in args["wraps"]],
}))
`;

import { removeDir, tempDir } from '../../common/test-support.ts';

const WRAPS = [1, 10, 60, 1439, 1440, 1441, 2880 + 30];

let dir: string;
let python: { config: string; states: string; live: string; timeouts: number[] };

beforeAll(() => {
  dir = tempDir();
  python = JSON.parse(
    execFileSync(
      'python3',
      [
        '-c',
        PYTHON,
        JSON.stringify({
          catalogue: SERVICE_CATALOGUE,
          dashboard: SAMPLE_DASHBOARD,
          home: SAMPLE_HOME,
          twin: TWIN,
          minutes: 10,
          peer: PEER,
          circuit: CIRCUIT,
          started: STARTED,
          now: NOW,
          wraps: WRAPS,
        }),
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    ),
  );
});

afterAll(() => removeDir(dir));

describe('what the controller publishes, byte for byte as HA would', () => {
  it('builds the config: services of the domains present, dashboard, interval, addresses', () => {
    const home = new HomeStore(dir, { now: STARTED });
    const base = buildConfig({
      catalogue: readFixture(SERVICE_CATALOGUE) as HaServices,
      dashboard: readFixture(SAMPLE_DASHBOARD),
      entityIds: home.entityIds(),
      intervalMinutes: 10,
      peerId: PEER,
      proxyAddresses: [CIRCUIT],
      lanAddress: null,
    });
    // The publisher's key order (HA's _format_new_config).
    const config = {
      services: base.services,
      dashboard: base.dashboard,
      twin_id: TWIN,
      sending_timeout: base.sending_timeout,
      peer_id: base.peer_id,
      libp2p_multiaddress: base.libp2p_multiaddress,
    };
    expect(toPythonJson(config)).toBe(python.config);
  });

  it('builds the states with the last 24 hours of history, dates moved to the first start', () => {
    const home = new HomeStore(dir, { now: STARTED });
    expect(toPythonJson(home.snapshot({ history: true, twinId: TWIN, now: NOW }))).toBe(
      python.states,
    );
    expect(toPythonJson(home.snapshot({ history: false, twinId: TWIN, now: NOW }))).toBe(
      python.live,
    );
    // The newest change is the controller's start; the window dropped the first two hours.
    const stored = home.document();
    const full = Object.values(stored.entities).flatMap((e) => e.history ?? []);
    const kept = Object.values(home.snapshot({ history: true, now: NOW }).entities).flatMap(
      (e) => e.history ?? [],
    );
    expect(full.some((h) => h.date === '2026-01-15 12:00:00.123456+00:00')).toBe(true);
    expect(kept.length).toBeLessThan(full.length);
    expect(kept.length).toBeGreaterThan(full.length / 2);
  });

  it("guesses HA's LAN address on the proxy's port, or null", async () => {
    expect(lanGuessAt('192.168.1.20', '', 9999)).toBeNull();
    expect(lanGuessAt(null, PEER, 9999)).toBeNull();
    expect(lanGuessAt('192.168.1.20', PEER, 9999)).toBe(
      `/ip4/192.168.1.20/tcp/9999/ws/p2p/${PEER}`,
    );
    const guess = lanGuessAt(await lanIp(), PEER, 9999);
    // Without a route to the internet (as on CI) there is no guess.
    if (guess !== null) {
      expect(guess).toMatch(new RegExp(`^/ip4/\\d+\\.\\d+\\.\\d+\\.\\d+/tcp/9999/ws/p2p/${PEER}$`));
    }
  });

  it('wraps sending_timeout as timedelta.seconds does', () => {
    expect(WRAPS.map(sendingTimeout)).toEqual(python.timeouts);
    expect(sendingTimeout(1440)).toBe(0);
  });
});
