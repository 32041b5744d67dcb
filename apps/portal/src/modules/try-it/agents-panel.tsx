import { CodeBlock } from '../../components/code-block';
import {
  AGENT_TOOLS,
  agentToken,
  agentTokenNote,
  BRIDGE_COMMAND,
  httpConfigSnippet,
  mcpEndpoint,
  stdioConfigSnippet,
  type AgentSetup,
} from './agent-snippets';

/** "Try it", AI agents: how to connect an agent to the MCP endpoint with the token chosen above, and what it may ask. */
export function AgentsPanel(setup: AgentSetup) {
  const token = agentToken(setup.token);
  return (
    <>
      <section className="card" aria-labelledby="step-agent">
        <h2 id="step-agent">2. Connect an AI agent</h2>
        <p>
          The service speaks the Model Context Protocol (MCP): an AI agent or assistant that supports it can
          look up draws, check tickets and read statistics for you, with the same data, token and quota as
          your code.
        </p>
        <dl className="facts agent-facts">
          <dt>Endpoint</dt>
          <dd>
            <code>{mcpEndpoint(setup.baseUrl)}</code> (Streamable HTTP)
          </dd>
          <dt>Header</dt>
          <dd>
            <div>
              <code>Authorization: Bearer {token}</code>
            </div>
            <div>
              or <code>X-API-Token: {token}</code>
            </div>
          </dd>
        </dl>
        <p className="small muted section-gap">{agentTokenNote(setup.token)}</p>
        <p>
          Most clients read their servers from an <code>mcpServers</code> list in a JSON file: add one of
          these entries to it. Use the first where the client connects to a URL itself.
        </p>
        <CodeBlock title="Client over HTTP (JSON)" code={httpConfigSnippet(setup)} />
        <p>
          Use the second where the client only starts programs on your computer: it runs{' '}
          <code>{BRIDGE_COMMAND}</code> from this service&apos;s SDK package (Node.js 20 or later), which
          passes the agent&apos;s requests on to the endpoint.
        </p>
        <CodeBlock title="Client over stdio (JSON)" code={stdioConfigSnippet(setup)} />
      </section>

      <section className="card" aria-labelledby="step-tools">
        <h2 id="step-tools">3. What the agent can ask</h2>
        <ul className="tool-list">
          {AGENT_TOOLS.map((tool) => (
            <li key={tool.name}>
              <code>{tool.name}</code>: {tool.what}.
            </li>
          ))}
        </ul>
        <p className="small muted">
          Each tool call costs one unit of your monthly quota, like a REST call; connecting and listing the
          tools cost nothing. When a call is refused (quota used up, an unknown lottery), the agent reads the
          same message as your code would.
        </p>
      </section>
    </>
  );
}
