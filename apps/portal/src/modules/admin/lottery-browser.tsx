import type { Lottery } from '../../app/api-types';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Pager } from '../../components/pager';
import { TokenPicker } from '../../components/token-picker';
import { errorMessage } from '../../app/errors';
import { tokenClient, type Client } from '../../app/sdk';
import { LotteryTable } from './lottery-table';

const PAGE_SIZE = 15;

interface Loaded {
  lotteries: Lottery[];
  offset: number;
  limit: number;
  total: number;
}

/**
 * Lists the lotteries page by page. The list is a lottery endpoint, so it takes an API token (and counts
 * against that account's quota) like any client's request.
 */
export function LotteryBrowser({ onLoaded }: { onLoaded: (lotteries: Lottery[]) => void }) {
  const [client, setClient] = useState<Client | null>(null);
  const [page, setPage] = useState<Loaded | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const load = async (using: Client, offset: number) => {
    setBusy(true);
    setError('');
    try {
      const result = await using.lottery.list({ limit: PAGE_SIZE, offset });
      const lotteries = result.lotteries ?? [];
      setClient(using);
      setPage({ lotteries, offset: result.offset, limit: result.limit, total: result.total });
      onLoaded(lotteries);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <TokenPicker
        submitLabel={busy ? 'Loading…' : 'List lotteries'}
        busy={busy}
        onUse={(_id, secret) => load(tokenClient(secret), 0)}
      />
      <Alert>{error}</Alert>
      {page && (
        <div className="section-gap">
          <LotteryTable lotteries={page.lotteries} caption={`${page.total} lotteries`} />
          {client && (
            <Pager
              label="Lottery pages"
              offset={page.offset}
              limit={page.limit}
              total={page.total}
              onChange={(offset) => load(client, offset)}
            />
          )}
        </div>
      )}
    </>
  );
}
