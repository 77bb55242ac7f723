import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SENDING_TIMEOUT,
  dialAddresses,
  hasService,
  NO_PEER_ID,
  peerIdOrError,
  validateHaConfig,
} from './config.ts';
import { MAX_PAYLOAD_BYTES } from './python-payload.ts';

const PEER = '12D3KooWQ9dbbGJd7vH3eq3xh9hYJDznHcTzUU2kzpkC3hU4a3nq';
const RELAY = `/dns4/libp2p-relay-1.robonomics.network/tcp/443/wss/p2p/12D3KooWEMFXXvpZUjAuj1eKR11HuzZTCQ5HmYG9MNPtsnqPSERD/p2p-circuit/p2p/${PEER}`;

// As HA's json.dumps writes it (docs/home-assistant.md): ", " / ": " separators, the LAN guess may be null.
const CONFIG_TEXT = `{"services": {"light": {"turn_on": {"name": "Turn on", "description": "Turn on one or more lights.", "fields": {"brightness": {"selector": {"number": {"min": 0, "max": 255}}}}, "target": {"entity": [{"domain": ["light"]}]}}, "turn_off": {"name": "Turn off"}}, "switch": {"toggle": {}}}, "dashboard": null, "twin_id": 89, "sending_timeout": 600, "peer_id": "${PEER}", "libp2p_multiaddress": ["/ip4/127.0.0.1/tcp/9999/ws/p2p/${PEER}", "${RELAY}", null]}`;

function valid(input: unknown) {
  const result = validateHaConfig(input);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('Home Assistant config', () => {
  it('reads the config HA publishes', () => {
    const config = valid(CONFIG_TEXT);
    expect(config.twin_id).toBe(89);
    expect(config.sending_timeout).toBe(600);
    expect(config.peer_id).toBe(PEER);
    expect(config.dashboard).toBeNull();
    expect(config.libp2p_multiaddress).toEqual([
      `/ip4/127.0.0.1/tcp/9999/ws/p2p/${PEER}`,
      RELAY,
      null,
    ]);
    expect(Object.keys(config.services!)).toEqual(['light', 'switch']);
    expect(config.services!.light!.turn_on!.name).toBe('Turn on');
    // An already-parsed object (the app's HTTP client auto-parses) gives the same result.
    expect(valid(JSON.parse(CONFIG_TEXT))).toEqual(config);
  });

  it('splits dial addresses as the app does and needs a peer id', () => {
    const config = valid(CONFIG_TEXT);
    expect(dialAddresses(config)).toEqual({
      direct: [`/ip4/127.0.0.1/tcp/9999/ws/p2p/${PEER}`],
      circuit: [RELAY],
    });
    expect(peerIdOrError(config)).toEqual({ ok: true, value: PEER });
    const noPeer = valid({ ...JSON.parse(CONFIG_TEXT), peer_id: '', libp2p_multiaddress: [null] });
    expect(peerIdOrError(noPeer)).toEqual({ ok: false, error: NO_PEER_ID });
    expect(NO_PEER_ID).toBe('not found peer_id');
    expect(dialAddresses(noPeer)).toEqual({ direct: [], circuit: [] });
  });

  it("adds the app's own relays for the peer after the config's circuit addresses", () => {
    const config = valid(CONFIG_TEXT);
    const other =
      '/dns4/relay.example/tcp/443/wss/p2p/12D3KooWEMFXXvpZUjAuj1eKR11HuzZTCQ5HmYG9MNPtsnqPSERD';
    const configRelay = RELAY.split('/p2p-circuit')[0]!;
    expect(dialAddresses(config, [configRelay, other])).toEqual({
      direct: [`/ip4/127.0.0.1/tcp/9999/ws/p2p/${PEER}`],
      // The config already names the first relay's circuit: it is not dialled twice.
      circuit: [RELAY, `${other}/p2p-circuit/p2p/${PEER}`],
    });
    // Without a peer id there is nothing to ask a relay for.
    const noPeer = valid({ ...JSON.parse(CONFIG_TEXT), peer_id: '', libp2p_multiaddress: [null] });
    expect(dialAddresses(noPeer, [other])).toEqual({ direct: [], circuit: [] });
  });

  it('answers whether a service exists for a domain (own keys only)', () => {
    const config = valid(CONFIG_TEXT);
    expect(hasService(config, 'light', 'turn_on')).toBe(true);
    expect(hasService(config, 'switch', 'toggle')).toBe(true);
    expect(hasService(config, 'light', 'toggle')).toBe(false);
    expect(hasService(config, 'climate', 'set_temperature')).toBe(false);
    expect(hasService(config, 'constructor', 'name')).toBe(false);
    expect(hasService(config, 'light', 'hasOwnProperty')).toBe(false);
    expect(hasService(valid({ services: null }), 'light', 'turn_on')).toBe(false);
  });

  it('is as tolerant as the producer: odd fields fall back to what HA writes', () => {
    const config = valid({
      services: 'error',
      twin_id: '12',
      sending_timeout: 0,
      peer_id: 5,
      libp2p_multiaddress: `/ip4/10.0.0.2/tcp/9999/ws/p2p/${PEER}`,
    });
    expect(config).toEqual({
      services: null,
      dashboard: null,
      twin_id: 12,
      sending_timeout: DEFAULT_SENDING_TIMEOUT,
      peer_id: '',
      libp2p_multiaddress: [`/ip4/10.0.0.2/tcp/9999/ws/p2p/${PEER}`],
    });
    expect(valid({ twin_id: -5 }).twin_id).toBe(-1);
    expect(valid({ twin_id: 1.5 }).twin_id).toBe(-1);
    expect(valid({ twin_id: 'x' }).twin_id).toBe(-1);
    expect(
      valid({ libp2p_multiaddress: [' ', 3, '/ip4/1.2.3.4/tcp/1'] }).libp2p_multiaddress,
    ).toEqual([null, null, '/ip4/1.2.3.4/tcp/1']);
    expect(valid({ services: { light: 'x', switch: { toggle: 'y' } } }).services).toEqual({
      switch: { toggle: {} },
    });
  });

  it('reads a Python-style config text', () => {
    const config = valid(
      `{'services': None, 'dashboard': {'views': []}, 'twin_id': 3, 'sending_timeout': 300, 'peer_id': '${PEER}', 'libp2p_multiaddress': [None]}`,
    );
    expect(config.dashboard).toEqual({ views: [] });
    expect(config.sending_timeout).toBe(300);
    expect(config.libp2p_multiaddress).toEqual([null]);
  });

  it('rejects non-objects, foreign objects, garbage and huge payloads in English', () => {
    expect(validateHaConfig([1, 2])).toEqual({
      ok: false,
      error: 'The Home Assistant config must be a JSON object, not a list.',
    });
    expect(validateHaConfig(null)).toMatchObject({ ok: false });
    expect(validateHaConfig(7)).toMatchObject({
      ok: false,
      error: expect.stringContaining('number'),
    });
    expect(validateHaConfig({ entities: {} })).toEqual({
      ok: false,
      error:
        'This is not a Home Assistant config: it has none of services, dashboard, twin_id, sending_timeout, peer_id, libp2p_multiaddress.',
    });
    expect(validateHaConfig('<html>502</html>')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^The Home Assistant config could not be read: /),
    });
    const huge = `{"dashboard": "${'x'.repeat(MAX_PAYLOAD_BYTES)}"}`;
    expect(validateHaConfig(huge)).toEqual({
      ok: false,
      error: 'The Home Assistant config could not be read: The payload is larger than 20 MB.',
    });
  });
});
