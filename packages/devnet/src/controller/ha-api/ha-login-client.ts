/**
 * Logs in to the controller's Home Assistant as HA's own integration does (see
 * docs/home-assistant.md, "Logging in"): a login flow for
 * the homeassistant provider, then the username and password. Returns the second answer.
 */
export async function haLogin(
  haUrl: string,
  username: string,
  password: string,
): Promise<{ type: string; result?: string; errors?: Record<string, string> }> {
  const clientId = `${haUrl}/`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${haUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const flow = await post('/auth/login_flow', {
    client_id: clientId,
    handler: ['homeassistant', null],
    redirect_uri: `${haUrl}?auth_callback=1`,
  });
  return (await post(`/auth/login_flow/${String(flow.flow_id)}`, {
    username,
    password,
    client_id: clientId,
  })) as { type: string; result?: string; errors?: Record<string, string> };
}
