import { Alert } from '../../components/alert';
import { CodeBlock } from '../../components/code-block';
import { Page } from '../../components/page';
import { href } from '../../app/router';
import { apiBaseUrl, docsUrl } from '../../app/api-url';
import { useSession } from '../../app/session';
import { CarriedLotteries } from './carried-lotteries';
import { FreeTier } from './free-tier';
import { curlQuickStart, sdkInstall, sdkQuickStart } from './quick-start';

/** The start page for a stranger: what the service is, what it costs, how to begin. */
export function LandingPage() {
  const { notice } = useSession();
  return (
    <Page title="Lottery results, over one API">
      <Alert kind="warning">{notice}</Alert>
      <p className="lead">
        A licensed, metered HTTP API for lottery results: the draws of every lottery this service carries,
        whether a ticket won and how much, and number statistics, from one token. Each call counts against
        your account's monthly quota.
      </p>
      <div className="actions landing-actions">
        <a className="button" href={href('/register')}>
          Register for free
        </a>
        <a className="button secondary" href={href('/login')}>
          Log in
        </a>
        <a className="button secondary" href={docsUrl}>
          API documentation
        </a>
      </div>

      <div className="grid">
        <section className="card" aria-labelledby="offer-title">
          <h2 id="offer-title">What you get</h2>
          <ul className="steps" data-testid="offer">
            <li>
              <strong>Results</strong>: each lottery's draws (the latest, one date or the whole history), its
              rules and draw calendar, and what each prize rank paid where the operator publishes it.
            </li>
            <li>
              <strong>Ticket check</strong>: did my numbers win? Up to 100 lines against a draw or a range of
              draws: the prize rank each line won, and the amount where it is known.
            </li>
            <li>
              <strong>Number statistics</strong>: how often each number was drawn, when last, and its longest
              absence, over the dates you choose.
            </li>
            <li>
              <strong>Webhooks</strong>: your server is called, with a signed request, when a draw is
              published or corrected.
            </li>
            <li>
              <strong>AI agents</strong>: a Model Context Protocol (MCP) endpoint, so that an agent answers
              lottery questions with the same data, token and quota.
            </li>
            <li>
              <strong>TypeScript SDK</strong>: a typed client, installed from this service (below).
            </li>
          </ul>
        </section>
        <CarriedLotteries />
        <FreeTier />
        <section className="card" aria-labelledby="how-title">
          <h2 id="how-title">How it works</h2>
          <ol className="steps">
            <li>
              <a href={href('/register')}>Register</a> with your e-mail.
            </li>
            <li>Create an API token in the portal and copy its secret.</li>
            <li>
              Send it in the <code>X-API-Token</code> header of each call.
            </li>
          </ol>
        </section>
      </div>

      <section className="card" aria-labelledby="quick-start-title">
        <h2 id="quick-start-title">Quick start</h2>
        <p>
          With the TypeScript SDK (<code>@lottery-results/sdk</code>), or any HTTP client. Every endpoint is
          in the <a href={docsUrl}>API documentation</a>.
        </p>
        <CodeBlock title="Install the SDK" kind="command" code={sdkInstall(apiBaseUrl)} />
        <CodeBlock title="TypeScript (SDK)" code={sdkQuickStart(apiBaseUrl)} />
        <CodeBlock title="curl" kind="command" code={curlQuickStart(apiBaseUrl)} />
      </section>
    </Page>
  );
}
