import { href } from '../../app/router';

/** The first steps, for an account whose tokens have not made a request this month. */
export function GetStartedCard() {
  return (
    <section className="card" aria-labelledby="next-title" data-testid="get-started">
      <h2 id="next-title">Get started</h2>
      <ol className="steps">
        <li>
          <a href={href('/tokens')}>Create an API token</a> and keep its secret safe.
        </li>
        <li>
          Send it in the <code>X-API-Token</code> header: <a href={href('/try')}>try it here</a>.
        </li>
      </ol>
    </section>
  );
}
