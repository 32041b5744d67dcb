import { href } from '../../app/router';
import { Page } from '../../components/page';
import { TableScroll } from '../../components/table-scroll';
import { useLotteryList } from '../../components/lottery-list-queries';
import { drawPath } from '../draw/draw-path';
import { TokenStep, useTokenConnection } from '../../components/token-step';
import { ExportDownloads } from './export-downloads';

/**
 * The lotteries the service carries, each with its latest draw and its whole history to download (CSV, JSON or
 * NDJSON, contract section 12) with the holder's token: the integrator's starting point before following the
 * change feed.
 */
export function LotteryDirectoryPage() {
  const token = useTokenConnection({ resume: true });
  const { connection } = token;
  const directory = useLotteryList();
  // With a token, the lotteries it may read; before one, the public directory.
  const lotteries = connection?.lotteries ?? directory.data ?? [];

  return (
    <Page title="Downloads">
      <p className="muted">
        Every lottery's whole history in one file, newest first: CSV (one draw a line, with a header row),
        JSON or NDJSON (one draw a line). Each download is one request against your monthly quota.
      </p>
      <TokenStep {...token} />
      <section className="card" aria-labelledby="lotteries-title">
        <h2 id="lotteries-title">2. Lotteries</h2>
        {!connection && <p className="small muted">Choose a token above to download.</p>}
        {lotteries.length > 0 && (
          <TableScroll label="Lotteries" stack>
            <table className="stack">
              <caption className="visually-hidden">Lotteries and their history downloads</caption>
              <thead>
                <tr>
                  <th scope="col">Lottery</th>
                  <th scope="col">Latest draw</th>
                  <th scope="col">Download the history</th>
                </tr>
              </thead>
              <tbody>
                {lotteries.map((lottery) => (
                  <tr key={lottery.tag} data-lottery-tag={lottery.tag}>
                    <th scope="row">
                      {lottery.name} <code className="small">{lottery.tag}</code>
                    </th>
                    <td data-label="Latest draw">
                      <a href={href(drawPath({ tag: lottery.tag, date: 'latest' }))}>
                        Latest draw<span className="visually-hidden"> of {lottery.name}</span>
                      </a>
                    </td>
                    <td data-label="Download">
                      <ExportDownloads
                        client={connection?.client ?? null}
                        tag={lottery.tag}
                        name={lottery.name}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </Page>
  );
}
