import { useForm, useWatch } from 'react-hook-form';
import type { Lottery } from '../../app/api-types';
import { Alert } from '../../components/alert';
import { CodeBlock } from '../../components/code-block';
import { Field } from '../../components/field';
import { Page } from '../../components/page';
import { SelectField } from '../../components/select-field';
import { Tabs } from '../../components/tabs';
import { errorMessage } from '../../app/errors';
import { href } from '../../app/router';
import { apiBaseUrl } from '../../app/api-url';
import {
  defaultLotteryTag,
  TokenStep,
  useTokenConnection,
  type Connection,
} from '../../components/token-step';
import type { TokenChoice } from '../../components/token-choice';
import { drawDateWords, drawPath } from '../draw/draw-path';
import { PrizeTable } from '../draw/prize-table';
import { AgentsPanel } from './agents-panel';
import { DrawsTable } from './draws-table';
import { LotteryStatus } from './lottery-status';
import { useTryRequest, type Answer } from './queries';
import {
  curlSnippet,
  fetchSnippet,
  pythonSnippet,
  sdkSnippet,
  TRY_ROUTES,
  type DrawsRequest,
  type SnippetToken,
  type TryRoute,
} from './snippets';

/** The token as the snippets name it: a secret filled in from memory stays out; one pasted here is theirs to copy. */
function snippetToken({ id, prefix, secret, pasted }: TokenChoice): SnippetToken {
  return { id, prefix, secret: pasted ? secret : undefined };
}

/** The most rounds a draw date of the lottery has had (1: a single draw per date). */
function mostRounds(lottery: Lottery | undefined): number {
  return Math.max(1, ...(lottery?.rules ?? []).map((era) => era.rounds ?? 1));
}

/** The request as typed: the snippets follow it as it changes, the answer comes when it is sent. */
interface RequestValues {
  tag: string;
  route: TryRoute;
  limit: string;
  sortNumber: boolean;
  date: string;
  round: string;
}

const EMPTY_REQUEST: RequestValues = {
  tag: '',
  route: 'draws',
  limit: '5',
  sortNumber: false,
  date: '',
  round: '',
};

/** The request the values make with a connection: an empty date is the lottery's newest draw, as its hint says. */
function requestOf(values: RequestValues, connection: Connection): DrawsRequest {
  const { tag, route, limit, sortNumber, date, round } = values;
  const lottery = connection.lotteries.find((l) => l.tag === tag);
  const rounds = mostRounds(lottery);
  return {
    baseUrl: apiBaseUrl,
    tag,
    route,
    limit: Math.min(15, Math.max(1, Number.parseInt(limit, 10) || 1)),
    sortNumber,
    ...(route === 'prizes'
      ? {
          date: date || lottery?.draws.last || '',
          round: rounds > 1 && round ? Math.max(1, Number.parseInt(round, 10) || 1) : undefined,
        }
      : {}),
    token: snippetToken(connection.token),
  };
}

export function TryItPage() {
  const { register, control, handleSubmit, getValues, setValue, clearErrors, formState } =
    useForm<RequestValues>({ defaultValues: EMPTY_REQUEST });
  const values = useWatch({ control }) as RequestValues;
  const send = useTryRequest();

  const token = useTokenConnection({
    useFresh: true,
    // Another token: what was shown for the previous one (banner, results) goes.
    onReset: () => send.reset(),
    // The lottery chosen stays when the new token may read it.
    onConnected: ({ lotteries }) => {
      if (!lotteries.some((l) => l.tag === getValues('tag'))) setValue('tag', defaultLotteryTag(lotteries));
    },
  });
  const { connection } = token;
  const { tag, route } = values;
  const lottery = connection?.lotteries.find((l) => l.tag === tag);
  const rounds = mostRounds(lottery);
  const request = connection && requestOf(values, connection);

  const submit = handleSubmit((typed) => {
    if (connection) send.mutate({ client: connection.client, request: requestOf(typed, connection) });
  });

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
          <form onSubmit={submit}>
            <div className="row">
              <SelectField label="Lottery" {...register('tag')}>
                {connection.lotteries.map((l) => (
                  <option key={l.tag} value={l.tag}>
                    {l.name} ({l.country}) — {l.tag}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Route"
                {...register('route', { onChange: () => clearErrors('date') })}
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
                    type="number"
                    min={1}
                    max={15}
                    {...register('limit')}
                    hint="1 to 15: each request is one unit of quota, so a history costs one per 15 draws"
                  />
                  <span className="check field-check">
                    <input id="sort-number" type="checkbox" {...register('sortNumber')} />
                    <label htmlFor="sort-number">Sort numbers</label>
                  </span>
                </>
              )}
              {route === 'prizes' && (
                <>
                  <Field
                    label="Draw date"
                    type="date"
                    min={lottery?.draws.first ?? undefined}
                    max={lottery?.draws.last ?? undefined}
                    {...register('date', {
                      // An empty date is the newest draw: only a lottery without any draw leaves none to ask for.
                      validate: (date, typed) =>
                        typed.route !== 'prizes' ||
                        Boolean(date || connection?.lotteries.find((l) => l.tag === typed.tag)?.draws.last) ||
                        'Choose the date of a draw.',
                    })}
                    error={formState.errors.date?.message}
                    hint={
                      lottery?.draws.last
                        ? `Empty: the newest draw stored, ${lottery.draws.last}`
                        : 'No draw is stored yet'
                    }
                  />
                  {rounds > 1 && (
                    <Field
                      label="Round"
                      type="number"
                      min={1}
                      max={rounds}
                      {...register('round')}
                      hint={`Empty: round 1. ${lottery?.name ?? 'This lottery'} draws up to ${rounds} rounds a date.`}
                    />
                  )}
                </>
              )}
              <button type="submit" disabled={send.isPending || !tag}>
                {send.isPending ? 'Sending…' : 'Send request'}
              </button>
            </div>
            {lottery && <LotteryStatus lottery={lottery} />}
          </form>
          <Alert>{send.error ? errorMessage(send.error) : ''}</Alert>
          {send.data && <TryAnswer answer={send.data} lottery={lottery} tag={tag} />}
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
          <CodeBlock title="curl" kind="command" code={curlSnippet(request)} />
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
