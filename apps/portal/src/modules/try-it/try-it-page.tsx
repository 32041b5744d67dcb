import type { Draw, DrawPrizes, Lottery } from '../../app/api-types';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { CodeBlock } from '../../components/code-block';
import { Field } from '../../components/field';
import { Page } from '../../components/page';
import { SelectField } from '../../components/select-field';
import { Tabs } from '../../components/tabs';
import { errorMessage } from '../../app/errors';
import { href } from '../../app/router';
import { apiBaseUrl } from '../../app/sdk';
import { drawDateWords, drawPath } from '../draw/draw-path';
import { isNoPrizes } from '../draw/load-draw';
import { PrizeTable } from '../draw/prize-table';
import { AgentsPanel } from './agents-panel';
import { DrawsTable } from './draws-table';
import { LotteryStatus } from './lottery-status';
import {
  curlSnippet,
  fetchSnippet,
  pythonSnippet,
  requestPath,
  sdkSnippet,
  TRY_ROUTES,
  type DrawsRequest,
  type SnippetToken,
  type TryRoute,
} from './snippets';
import type { TokenChoice } from './token-choice';
import { defaultLotteryTag, TokenStep, useTokenConnection } from './token-step';

/** What the last request answered: a page of draws, a draw's prizes, or the 404 of prizes not published. */
type Answer =
  | { kind: 'draws'; path: string; draws: Draw[]; total: number }
  | { kind: 'prizes'; path: string; prizes: DrawPrizes }
  | { kind: 'no-prizes'; path: string; message: string };

/** The token as the snippets name it: a secret filled in from memory stays out; one pasted here is theirs to copy. */
function snippetToken({ id, prefix, secret, pasted }: TokenChoice): SnippetToken {
  return { id, prefix, secret: pasted ? secret : undefined };
}

/** The most rounds a draw date of the lottery has had (1: a single draw per date). */
function mostRounds(lottery: Lottery | undefined): number {
  return Math.max(1, ...(lottery?.rules ?? []).map((era) => era.rounds ?? 1));
}

export function TryItPage() {
  const [tag, setTag] = useState('');
  const [route, setRoute] = useState<TryRoute>('draws');
  const [limit, setLimit] = useState('5');
  const [sortNumber, setSortNumber] = useState(false);
  const [date, setDate] = useState('');
  const [round, setRound] = useState('');
  const [dateError, setDateError] = useState('');
  const [result, setResult] = useState<Answer | null>(null);
  const [requestError, setRequestError] = useState('');
  const [sending, setSending] = useState(false);

  const token = useTokenConnection({
    // Another token: what was shown for the previous one (banner, results) goes.
    onReset: () => {
      setResult(null);
      setRequestError('');
    },
    onConnected: ({ lotteries }) =>
      setTag((current) =>
        lotteries.some((l) => l.tag === current) ? current : defaultLotteryTag(lotteries),
      ),
  });
  const { connection } = token;
  const lottery = connection?.lotteries.find((l) => l.tag === tag);
  const rounds = mostRounds(lottery);
  // An empty date is the lottery's newest draw, as the field's hint says.
  const drawDate = date || lottery?.draws.last || '';
  const roundNumber = rounds > 1 && round ? Math.max(1, Number.parseInt(round, 10) || 1) : undefined;

  const count = Math.min(15, Math.max(1, Number.parseInt(limit, 10) || 1));
  const request: DrawsRequest | null = connection && {
    baseUrl: apiBaseUrl,
    tag,
    route,
    limit: count,
    sortNumber,
    ...(route === 'prizes' ? { date: drawDate, round: roundNumber } : {}),
    token: snippetToken(connection.token),
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!connection || !request) return;
    if (route === 'prizes' && !drawDate) {
      setDateError('Choose the date of a draw.');
      return;
    }
    setDateError('');
    setSending(true);
    setRequestError('');
    const path = requestPath(request);
    try {
      if (route === 'draws') {
        const page = await connection.client.lottery.draws(tag, { limit: count, sortNumber });
        setResult({ kind: 'draws', draws: page.draws ?? [], path, total: page.total });
      } else {
        const prizes =
          route === 'latest-prizes'
            ? await connection.client.latestPrizes(tag)
            : await connection.client.prizes(tag, drawDate, roundNumber);
        setResult({ kind: 'prizes', prizes, path });
      }
    } catch (error) {
      setResult(isNoPrizes(error) ? { kind: 'no-prizes', path, message: errorMessage(error) } : null);
      if (!isNoPrizes(error)) setRequestError(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  const chosenRoute = TRY_ROUTES.find((r) => r.value === route) ?? TRY_ROUTES[0];
  // The REST steps: without a token, only what to do first.
  const rest = (
    <>
      {!connection && (
        <p className="muted">Choose a token above: then pick a request, send it and see its code.</p>
      )}
      {connection && (
        <section className="card" aria-labelledby="step-request">
          <h2 id="step-request">2. A request</h2>
          <form onSubmit={send}>
            <div className="row">
              <SelectField
                label="Lottery"
                name="lottery"
                value={tag}
                onChange={(e) => setTag(e.target.value)}
              >
                {connection.lotteries.map((l) => (
                  <option key={l.tag} value={l.tag}>
                    {l.name} ({l.country}) — {l.tag}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Route"
                name="route"
                value={route}
                onChange={(e) => {
                  setRoute(e.target.value as TryRoute);
                  setDateError('');
                }}
                hint={chosenRoute.what}
              >
                {TRY_ROUTES.map((r) => (
                  <option key={r.value} value={r.value}>
                    GET {r.path}
                  </option>
                ))}
              </SelectField>
            </div>
            <div className="row">
              {route === 'draws' && (
                <>
                  <Field
                    label="Draws"
                    name="limit"
                    type="number"
                    min={1}
                    max={15}
                    value={limit}
                    onChange={(e) => setLimit(e.target.value)}
                    hint="1 to 15: each request is one unit of quota, so a history costs one per 15 draws"
                  />
                  <span className="check field-check">
                    <input
                      id="sort-number"
                      type="checkbox"
                      checked={sortNumber}
                      onChange={(e) => setSortNumber(e.target.checked)}
                    />
                    <label htmlFor="sort-number">Sort numbers</label>
                  </span>
                </>
              )}
              {route === 'prizes' && (
                <>
                  <Field
                    label="Draw date"
                    name="date"
                    type="date"
                    min={lottery?.draws.first ?? undefined}
                    max={lottery?.draws.last ?? undefined}
                    value={date}
                    onChange={(e) => setDate(e.target.value)}
                    error={dateError}
                    hint={
                      lottery?.draws.last
                        ? `Empty: the newest draw stored, ${lottery.draws.last}`
                        : 'No draw is stored yet'
                    }
                  />
                  {rounds > 1 && (
                    <Field
                      label="Round"
                      name="round"
                      type="number"
                      min={1}
                      max={rounds}
                      value={round}
                      onChange={(e) => setRound(e.target.value)}
                      hint={`Empty: round 1. ${lottery?.name ?? 'This lottery'} draws up to ${rounds} rounds a date.`}
                    />
                  )}
                </>
              )}
              <button type="submit" disabled={sending || !tag}>
                {sending ? 'Sending…' : 'Send request'}
              </button>
            </div>
            {lottery && <LotteryStatus lottery={lottery} />}
          </form>
          <Alert>{requestError}</Alert>
          {result && <TryAnswer answer={result} lottery={lottery} tag={tag} />}
        </section>
      )}

      {request && tag && (
        <section className="card" aria-labelledby="step-code">
          <h2 id="step-code">3. The same call in your code</h2>
          <p className="small muted">
            {request.token.secret
              ? 'These snippets hold the secret you pasted: keep them private.'
              : `These snippets name token “${request.token.id}” by its first characters: paste its secret where it says so.`}
          </p>
          <CodeBlock title="curl" code={curlSnippet(request)} />
          <CodeBlock title="JavaScript (fetch)" code={fetchSnippet(request)} />
          <CodeBlock title="TypeScript (SDK)" code={sdkSnippet(request)} />
          <CodeBlock title="Python (requests)" code={pythonSnippet(request)} />
        </section>
      )}
    </>
  );

  return (
    <Page title="Try it">
      <p className="muted">
        Call the lottery endpoints with one of your tokens, from your code or from an AI agent. Every call
        counts against your monthly quota.
      </p>
      <TokenStep {...token} />

      <Tabs
        label="Ways to call the service"
        tabs={[
          { key: 'rest', label: 'REST', panel: rest },
          {
            key: 'agents',
            label: 'AI agents',
            panel: (
              <AgentsPanel
                baseUrl={apiBaseUrl}
                token={connection ? snippetToken(connection.token) : undefined}
              />
            ),
          },
        ]}
      />
    </Page>
  );
}

function TryAnswer({ answer, lottery, tag }: { answer: Answer; lottery?: Lottery; tag: string }) {
  const name = lottery?.name ?? tag;
  if (answer.kind === 'draws') {
    return (
      <div className="section-gap">
        <p className="small">
          <code>GET {answer.path}</code> → 200, {answer.draws.length} of {answer.total.toLocaleString()} draws
        </p>
        <DrawsTable
          draws={answer.draws}
          tag={tag}
          caption={`Latest draws of ${name}`}
          specialName={lottery?.special?.name}
        />
      </div>
    );
  }
  if (answer.kind === 'no-prizes') {
    return (
      <div className="section-gap">
        <p className="small">
          <code>GET {answer.path}</code> → 404, “{answer.message}”
        </p>
        <p className="alert warning" role="status">
          The operator has not published prizes for this draw yet.
        </p>
      </div>
    );
  }
  const { prizes } = answer;
  const when = drawDateWords(prizes.date, prizes.round);
  return (
    <div className="section-gap">
      <p className="small">
        <code>GET {answer.path}</code> → 200, {prizes.divisions.length} prize ranks of the {name} draw of{' '}
        {when} ·{' '}
        <a href={href(drawPath({ tag, date: prizes.date, round: prizes.round }))}>
          Open the draw&apos;s page
        </a>
      </p>
      <PrizeTable prizes={prizes} lottery={lottery} />
    </div>
  );
}
