import { useState } from 'react';
import { href } from '../../app/router';
import { DrawNumbers } from '../../components/draw-numbers';
import { LoadError } from '../../components/load-error';
import { Page } from '../../components/page';
import { errorMessage } from '../../app/errors';
import { ExportDownloads } from '../lotteries/export-downloads';
import { TokenStep, useTokenConnection } from '../../components/token-step';
import { drawDateWords, type DrawAddress } from './draw-path';
import { PrizeTable } from './prize-table';
import { useDrawView } from './queries';

/**
 * One draw: its numbers and what it paid (each prize rank's winners and amount, the jackpot, the next estimate),
 * read with the token last used in this tab (Check numbers and Try it link here), or one chosen on the page.
 */
export function DrawPage({ address }: { address: DrawAddress }) {
  // Another token chosen on this page: its form stays until that token is in use.
  const [choosing, setChoosing] = useState(false);
  const token = useTokenConnection({ resume: true, onConnected: () => setChoosing(false) });
  const { connection } = token;
  const view = useDrawView(connection, address);
  const lottery = connection?.lotteries.find((l) => l.tag === address.tag);
  const drawn = view.data?.draw;
  const when = drawn
    ? `the draw of ${drawDateWords(drawn.date, drawn.round)}`
    : address.date === 'latest'
      ? 'the latest draw'
      : `the draw of ${drawDateWords(address.date, address.round)}`;
  // Which lottery the tag is, the page learns with a token (its list of lotteries): until then, the tag says it.
  const title = lottery
    ? `${lottery.name}: ${when}`
    : `${when.charAt(0).toUpperCase()}${when.slice(1)} (${address.tag})`;

  return (
    <Page title={title}>
      <p className="muted">
        The numbers drawn and what each prize rank paid. Reading a draw costs two requests against your
        monthly quota (its numbers and its prizes).
      </p>
      {connection && !choosing ? (
        <p className="small draw-token">
          Read with token “{connection.token.id}” ({connection.token.prefix}…).{' '}
          <button type="button" className="link" onClick={() => setChoosing(true)}>
            Use another token
          </button>
        </p>
      ) : (
        <TokenStep {...token} />
      )}

      {connection && (
        <>
          <LoadError error={view.error ? errorMessage(view.error) : ''} onRetry={() => void view.refetch()} />
          {view.isPending && !view.error && <p aria-live="polite">Loading the draw…</p>}
          {view.data && (
            <>
              <section className="card" aria-labelledby="draw-numbers-title">
                <h2 id="draw-numbers-title">Numbers drawn</h2>
                <DrawNumbers numbers={view.data.draw.numbers} specialName={lottery?.special?.name} />
              </section>
              <section className="card" aria-labelledby="draw-prizes-title">
                <h2 id="draw-prizes-title">Prizes</h2>
                {view.data.prizes ? (
                  <PrizeTable prizes={view.data.prizes} lottery={lottery} />
                ) : (
                  <p className="alert warning" role="status" data-testid="no-prizes">
                    The operator has not published prizes for this draw yet.
                  </p>
                )}
              </section>
            </>
          )}
          <section className="card" aria-labelledby="draw-history-title">
            <h2 id="draw-history-title">The whole history</h2>
            <p className="small muted">
              Every draw of {lottery?.name ?? address.tag}, newest first, in one file: one request against
              your quota.
            </p>
            <ExportDownloads
              client={connection.client}
              tag={address.tag}
              name={lottery?.name ?? address.tag}
            />
          </section>
        </>
      )}
      <p className="small">
        <a href={href('/check')}>Check your numbers</a> · <a href={href('/try')}>Try it</a> ·{' '}
        <a href={href('/lotteries')}>Every lottery's downloads</a>
      </p>
    </Page>
  );
}
