import type { Draw } from '../../app/api-types';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { CodeBlock } from '../../components/code-block';
import { Field } from '../../components/field';
import { Page } from '../../components/page';
import { SelectField } from '../../components/select-field';
import { errorMessage } from '../../app/errors';
import { apiBaseUrl } from '../../app/sdk';
import { DrawsTable } from './draws-table';
import { LotteryStatus } from './lottery-status';
import {
  curlSnippet,
  fetchSnippet,
  pythonSnippet,
  requestPath,
  sdkSnippet,
  type DrawsRequest,
} from './snippets';
import { defaultLotteryTag, TokenStep, useTokenConnection } from './token-step';

export function TryItPage() {
  const [tag, setTag] = useState('');
  const [limit, setLimit] = useState('5');
  const [sortNumber, setSortNumber] = useState(false);
  const [result, setResult] = useState<{ draws: Draw[]; path: string; total: number } | null>(null);
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

  const count = Math.min(15, Math.max(1, Number.parseInt(limit, 10) || 1));
  const request: DrawsRequest | null = connection && {
    baseUrl: apiBaseUrl,
    tag,
    limit: count,
    sortNumber,
    token: {
      id: connection.token.id,
      prefix: connection.token.prefix,
      // A secret filled in from memory stays out of the snippets; one the user pasted here is theirs to copy.
      secret: connection.token.pasted ? connection.token.secret : undefined,
    },
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!connection || !request) return;
    setSending(true);
    setRequestError('');
    try {
      const page = await connection.client.lottery.draws(tag, { limit: count, sortNumber });
      setResult({ draws: page.draws ?? [], path: requestPath(request), total: page.total });
    } catch (error) {
      setResult(null);
      setRequestError(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  const lottery = connection?.lotteries.find((l) => l.tag === tag);
  return (
    <Page title="Try it">
      <p className="muted">
        Call the lottery endpoints with one of your tokens. Every call counts against your monthly quota.
      </p>
      <TokenStep {...token} />

      {connection && (
        <section className="card" aria-labelledby="step-request">
          <h2 id="step-request">2. Latest draws</h2>
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
              <button type="submit" disabled={sending || !tag}>
                {sending ? 'Sending…' : 'Send request'}
              </button>
            </div>
            {lottery && <LotteryStatus lottery={lottery} />}
          </form>
          <Alert>{requestError}</Alert>
          {result && (
            <div className="section-gap">
              <p className="small">
                <code>GET {result.path}</code> → 200, {result.draws.length} of {result.total.toLocaleString()}{' '}
                draws
              </p>
              <DrawsTable
                draws={result.draws}
                caption={`Latest draws of ${lottery?.name ?? tag}`}
                specialName={lottery?.special?.name}
              />
            </div>
          )}
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
    </Page>
  );
}
