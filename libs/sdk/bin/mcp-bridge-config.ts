/** What the bridge needs from its environment: where the service's MCP endpoint is, and the API token for it. */
export interface BridgeConfig {
  /** `${LOTTERY_API_URL}/mcp`. */
  mcpUrl: URL;
  token: string;
}

/** A setting that is missing or wrong: the bridge prints `message` on stderr and exits with code 2. */
export class BridgeConfigError extends Error {}

const URL_HELP = "the service's base URL, e.g. http://localhost:3000";

/**
 * Reads LOTTERY_API_URL and LOTTERY_API_TOKEN. An MCP client starts the bridge with the `env` of its server
 * entry and shows the server's stderr at best, so each refusal names the variable and what it should hold.
 */
export function readBridgeConfig(env: NodeJS.ProcessEnv): BridgeConfig {
  const baseUrl = env.LOTTERY_API_URL?.trim();
  if (!baseUrl) throw new BridgeConfigError(`LOTTERY_API_URL is not set (${URL_HELP}).`);
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch (_notAUrl) {
    throw new BridgeConfigError(`LOTTERY_API_URL is not a URL: '${baseUrl}' (${URL_HELP}).`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new BridgeConfigError(
      `LOTTERY_API_URL must be http or https, not '${parsed.protocol}' (${URL_HELP}).`,
    );
  const token = env.LOTTERY_API_TOKEN?.trim();
  if (!token)
    throw new BridgeConfigError(
      'LOTTERY_API_TOKEN is not set (the secret of one of your API tokens, from the portal or POST /profile/token).',
    );
  // The service may live under a path (https://example.com/lottery): /mcp goes after it, not at the host's root.
  parsed.pathname = `${parsed.pathname.replace(/\/+$/, '')}/mcp`;
  parsed.search = '';
  parsed.hash = '';
  return { mcpUrl: parsed, token };
}
